import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminRefundRequest, RefundDecision } from '@wattwise/shared/contract/payments';
import { getPlan } from '@wattwise/shared/plans';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { api } from '@/lib/api-client.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { subscriptionKeys } from '../api/subscription.ts';

const refundKeys = (filter: 'pending' | 'all') => [...subscriptionKeys.all, 'admin-refunds', filter] as const;

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents / 100));

/**
 * Admin 'Refund requests': savings-guarantee refunds waiting for review, with the user's figures
 * (savings found, plan start, amount paid). Approve refunds the plan through the payment provider
 * and ends it; Reject keeps it. The server checks the admin role and makes approving twice a no-op.
 */
export function AdminRefundRequestsPanel() {
  const [filter, setFilter] = useState<'pending' | 'all'>('pending');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: refundKeys(filter), queryFn: () => api.get<{ items: AdminRefundRequest[] }>(`/api/admin/refund-requests?status=${filter}`) });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string } & RefundDecision) => api.post<{ items: AdminRefundRequest[] }>(`/api/admin/refund-requests/${encodeURIComponent(id)}/decision`, { decision }),
    onSuccess: (_, { decision }) => {
      toast.success(decision === 'approve' ? 'Refund approved' : 'Refund request rejected', { description: decision === 'approve' ? 'The payment was refunded and the plan ended. The user has been notified.' : 'The user has been notified.' });
      void queryClient.invalidateQueries({ queryKey: [...subscriptionKeys.all, 'admin-refunds'] });
    },
    onError: (error) => toast.error('Decision failed', { description: error.message }),
  });
  const rows = query.data?.items ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex gap-2" role="group" aria-label="Show">
        <Button size="sm" variant={filter === 'pending' ? 'default' : 'outline'} aria-pressed={filter === 'pending'} onClick={() => setFilter('pending')}>
          Waiting for review
        </Button>
        <Button size="sm" variant={filter === 'all' ? 'default' : 'outline'} aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
          All requests
        </Button>
      </div>
      {query.isPending ? (
        <Loader2Icon className="animate-spin" aria-label="Loading refund requests" />
      ) : query.isError ? (
        <p role="alert" className="text-destructive">
          {query.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">No refund requests</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Requested</TableHead>
              <TableHead>Plan</TableHead>
              <TableHead>Plan started</TableHead>
              <TableHead className="text-right">Savings found (yearly)</TableHead>
              <TableHead className="text-right">Amount paid</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Decision</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.email}</TableCell>
                <TableCell>{formatDate(r.requestedAt)}</TableCell>
                <TableCell>
                  {getPlan(r.plan).name}
                  {r.billingCycle ? ` (${r.billingCycle})` : ''}
                </TableCell>
                <TableCell>{formatDate(r.planStartedAt) ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums" title={`When asked: ${money(r.yearlySavingsCentsAtRequest)}`}>
                  {money(r.yearlySavingsCents)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(r.amountPaidCents)}</TableCell>
                <TableCell>
                  <Badge variant={r.status === 'approved' ? 'default' : 'secondary'}>{r.status}</Badge>
                  {r.status === 'approved' ? <span className="ml-2 text-xs text-muted-foreground tabular-nums">refunded {money(r.refundedCents)}</span> : null}
                </TableCell>
                <TableCell>
                  {r.status === 'pending' ? (
                    <div className="flex gap-2">
                      <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}>
                        Approve
                      </Button>
                      <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ id: r.id, decision: 'reject' })}>
                        Reject
                      </Button>
                    </div>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
