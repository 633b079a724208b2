import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { BillSummary } from '../types.ts';
import { BILLS_ROOT_KEY } from './upload-bill.ts';

const POLL_MS = 2000;

/** The user's bills, polled while any is still being read (the upload page shows those). */
export function useBillsInFlight({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...BILLS_ROOT_KEY, 'in-flight'],
    queryFn: async () => (await api.get<{ bills: BillSummary[] }>('/api/bills')).bills,
    enabled,
    refetchInterval: (query) => (query.state.data?.some((b) => b.status === 'queued' || b.status === 'processing') ? POLL_MS : false),
  });
}
