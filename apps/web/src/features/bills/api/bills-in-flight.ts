import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@wattwise/shared/contract/common';
import { billKeys } from '@/lib/query-keys.ts';
import { getBillPage } from './bills.ts';

const POLL_MS = 2000;

/**
 * The first page of the user's bills, polled while any is still being read (the upload page
 * shows those). Bills being read come first in the list's order, and a user never has more
 * than a handful in flight, so one page holds them all.
 */
export function useBillsInFlight({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: billKeys.inFlight(),
    queryFn: async () => (await getBillPage({ limit: MAX_PAGE_SIZE })).items,
    enabled,
    refetchInterval: (query) => (query.state.data?.some((b) => b.status === 'queued' || b.status === 'processing') ? POLL_MS : false),
  });
}
