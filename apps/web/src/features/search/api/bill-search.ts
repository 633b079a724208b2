import { useMutation } from '@tanstack/react-query';
import type { BillSearchRequest, BillSearchResponse } from '@wattwise/shared/contract/search';
import { api } from '@/lib/api-client.ts';

/** One search (02-tools §7 search-bills); a mutation because each submit is a new question. */
export function useBillSearch() {
  return useMutation({ mutationFn: (input: BillSearchRequest) => api.post<BillSearchResponse>('/api/search/bills', input) });
}
