import { useInfiniteQuery } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type { Page } from '@wattwise/shared/contract/common';
import type { AdminUserSubscription } from '@wattwise/shared/contract/payments';
import { getPlan } from '@wattwise/shared/plans';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { api } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { subscriptionKeys } from '../api/subscription.ts';

const PAGE_SIZE = 50;

/** Admin 'Users & Subscriptions' (01-core §2): a page at a time, 'Load more' for the next. */
export function AdminSubscriptionsPanel() {
  const query = useInfiniteQuery({
    queryKey: [...subscriptionKeys.all, 'admin'],
    queryFn: ({ pageParam }) => api.get<Page<AdminUserSubscription>>(`/api/admin/subscriptions?limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  if (query.isPending) return <Loader2Icon className="animate-spin" aria-label="Loading users" />;
  if (query.isError) return <p role="alert" className="text-destructive">{query.error.message}</p>;
  if (rows.length === 0) return <p className="text-muted-foreground">No users found</p>;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {rows.length} of {total} users
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>User ID</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Created At</TableHead>
            <TableHead>Subscription Status</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead>Current Period</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((u) => (
            <TableRow key={u.userId}>
              <TableCell className="font-mono text-xs">{u.userId}</TableCell>
              <TableCell>{u.email}</TableCell>
              <TableCell>{formatDate(u.createdAt)}</TableCell>
              <TableCell>
                {u.subscriptionStatus ? <Badge variant={u.subscriptionStatus === 'active' ? 'default' : 'secondary'}>{u.subscriptionStatus}</Badge> : <span className="text-muted-foreground">None</span>}
              </TableCell>
              <TableCell>{getPlan(u.plan).name}</TableCell>
              <TableCell>{u.currentPeriodStart && u.currentPeriodEnd ? `${formatDate(u.currentPeriodStart)} – ${formatDate(u.currentPeriodEnd)}` : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {query.hasNextPage ? (
        <Button variant="outline" className="w-fit" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
