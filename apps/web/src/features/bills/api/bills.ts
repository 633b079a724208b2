import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillDetail,
  BillFigures,
  BillFilters,
  BillList,
  BillPage,
  BillSummary,
  CorrectBillFieldsInput,
  DuplicateAction,
} from '@wattwise/shared/contract/bills';
import { api, apiRequest } from '@/lib/api-client.ts';
import { billKeys, recommendationKeys } from '@/lib/query-keys.ts';

function billPath(id: string, suffix = ''): string {
  return `/api/bills/${encodeURIComponent(id)}${suffix}`;
}

function filterParams(filters: BillFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.propertyId) params.set('propertyId', filters.propertyId);
  if (filters.propertyType) params.set('propertyType', filters.propertyType);
  return params;
}

const isInFlight = (bill: Pick<BillSummary, 'status'>) => bill.status === 'queued' || bill.status === 'processing';
/** The bill's automatic analysis is queued or running (it appears without an Analyze click). */
const analysisRunning = (bill: Pick<BillSummary, 'analyzed' | 'analysisState'>) => !bill.analyzed && (bill.analysisState === 'queued' || bill.analysisState === 'running');

/** One page of `GET /api/bills`: `limit` bills after `cursor` (the first page without one). */
export async function getBillPage(filters: BillFilters & { limit?: number }, cursor?: string | null): Promise<BillList> {
  const params = filterParams(filters);
  if (filters.limit) params.set('limit', String(filters.limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api.get<BillList>(`/api/bills${query ? `?${query}` : ''}`);
}

/** The bill list, a page at a time (`fetchNextPage` loads the next); bills still being read refresh on their own. */
export const billListQueryOptions = (filters: BillFilters & { limit?: number }) =>
  infiniteQueryOptions({
    queryKey: billKeys.list(filters),
    queryFn: ({ pageParam }) => getBillPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some(isInFlight)) ? 3000 : false),
  });

export function useBillList(filters: BillFilters & { limit?: number }, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...billListQueryOptions(filters), enabled });
  const pages = query.data?.pages;
  return {
    ...query,
    bills: pages?.flatMap((page) => page.items),
    total: pages?.[0]?.total,
  };
}

/** Every bill's chart figures (GET /api/bills/figures): what the overview and the charts are computed from. */
export const billFiguresQueryOptions = (filters: BillFilters) =>
  queryOptions({
    queryKey: billKeys.figures(filters),
    queryFn: async () => {
      const query = filterParams(filters).toString();
      return (await api.get<{ items: BillFigures[] }>(`/api/bills/figures${query ? `?${query}` : ''}`)).items;
    },
    refetchInterval: (query) => (query.state.data?.some(isInFlight) ? 3000 : false),
  });

export function useBillFigures(filters: BillFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billFiguresQueryOptions(filters), enabled });
}

export const billQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billKeys.detail(id),
    queryFn: async () => (await api.get<{ bill: BillDetail }>(billPath(id))).bill,
    // While the bill is read, every 2 s; while its analysis runs by itself, every 1.5 s until it appears.
    refetchInterval: (query) => (query.state.data && isInFlight(query.state.data) ? 2000 : query.state.data && analysisRunning(query.state.data) ? 1500 : false),
  });

export function useBill(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billQueryOptions(id), enabled });
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
      void queryClient.invalidateQueries({ queryKey: recommendationKeys.all });
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

export function useCorrectBillFields(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CorrectBillFieldsInput) =>
      (await apiRequest<{ bill: BillDetail }>(billPath(id, '/fields'), { method: 'PATCH', body: input })).bill,
    onSuccess: (bill) => {
      queryClient.setQueryData(billKeys.detail(id), bill);
      void queryClient.invalidateQueries({ queryKey: billKeys.all });
    },
  });
}

/** The answer to 'this looks like a bill you already have'. */
export function useResolveDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ billId, action }: { billId: string; action: DuplicateAction }) =>
      (await api.post<{ bill: BillSummary }>(billPath(billId, '/duplicate'), { action })).bill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
