import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client.ts';
import type { BillDetail, BillSummary, ExtractedFieldName, PropertyType } from '../types.ts';

export interface BillFilters {
  propertyId?: string;
  propertyType?: PropertyType;
}

/** Cache keys of the bills API; the upload feature invalidates the `['bills']` root after an upload. */
export const billKeys = {
  all: ['bills'] as const,
  lists: () => [...billKeys.all, 'list'] as const,
  list: (filters: BillFilters) => [...billKeys.lists(), filters] as const,
  details: () => [...billKeys.all, 'detail'] as const,
  detail: (id: string) => [...billKeys.details(), id] as const,
  pages: (id: string) => [...billKeys.detail(id), 'pages'] as const,
};

function billPath(id: string, suffix = ''): string {
  return `/api/bills/${encodeURIComponent(id)}${suffix}`;
}

export const billsQueryOptions = (filters: BillFilters) =>
  queryOptions({
    queryKey: billKeys.list(filters),
    queryFn: async () => {
      const params = new URLSearchParams();
      if (filters.propertyId) params.set('propertyId', filters.propertyId);
      if (filters.propertyType) params.set('propertyType', filters.propertyType);
      const query = params.toString();
      return (await api.get<{ bills: BillSummary[] }>(`/api/bills${query ? `?${query}` : ''}`)).bills;
    },
    // Bills still being read refresh on their own until they settle.
    refetchInterval: (query) =>
      query.state.data?.some((bill) => bill.status === 'queued' || bill.status === 'processing') ? 3000 : false,
  });

export function useBills(filters: BillFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billsQueryOptions(filters), enabled });
}

export const billQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billKeys.detail(id),
    queryFn: async () => (await api.get<{ bill: BillDetail }>(billPath(id))).bill,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'processing' ? 2000 : false;
    },
  });

export function useBill(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billQueryOptions(id), enabled });
}

/** One page of the original file as an image: a rendered PDF page (size in points) or the photo itself (size 0). */
export interface BillPage {
  number: number;
  url: string;
  width: number;
  height: number;
}

/** The original file's pages, as images the page can show without the browser's PDF viewer. */
export function useBillPages(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billKeys.pages(id),
    queryFn: async () => (await api.get<{ pages: BillPage[] }>(billPath(id, '/pages'))).pages,
    enabled,
    staleTime: Infinity,
  });
}

export function useDeleteBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(billPath(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: billKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: billKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['recommendations'] });
    },
  });
}

export function useRetryBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<{ bill: BillSummary }>(billPath(id, '/retry'))).bill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export interface FieldCorrection {
  field: ExtractedFieldName;
  value: string | number | null;
}

export function useCorrectBillFields(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { corrections: FieldCorrection[]; notes?: string }) =>
      (await apiRequest<{ bill: BillDetail }>(billPath(id, '/fields'), { method: 'PATCH', body: input })).bill,
    onSuccess: (bill) => {
      queryClient.setQueryData(billKeys.detail(id), bill);
      void queryClient.invalidateQueries({ queryKey: billKeys.lists() });
    },
  });
}
