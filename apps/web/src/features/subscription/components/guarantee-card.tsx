import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { GuaranteeStatus } from '@wattwise/shared/contract/payments';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { api } from '@/lib/api-client.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { subscriptionKeys } from '../api/subscription.ts';

const guaranteeKey = [...subscriptionKeys.all, 'guarantee'] as const;

/** The $100+ savings guarantee of a paid plan: what was found so far, and 'Request refund' when it applies. */
export function GuaranteeCard() {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: guaranteeKey, queryFn: () => api.get<GuaranteeStatus>('/api/guarantee') });
  const request = useMutation({
    mutationFn: () => api.post<GuaranteeStatus>('/api/guarantee/refund-request'),
    onSuccess: (status) => {
      queryClient.setQueryData(guaranteeKey, status);
      toast.success('Refund requested', { description: 'We will review your request and reply by email.' });
    },
    onError: (error) => toast.error('Refund request failed', { description: error.message }),
  });
  const decided = data?.refundRequest && data.refundRequest.status !== 'pending' ? data.refundRequest : null;
  if (!data || (!data.hasGuarantee && !decided)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5 text-brand" aria-hidden />
          Savings guarantee
        </CardTitle>
        <CardDescription>Find $100 or more a year in savings, or get your plan payment back.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {data.hasGuarantee ? (
          <p>
            Found since your plan started: <span className="font-semibold tabular-nums">{formatMoney(data.yearlySavingsCents / 100)}</span> a year, of{' '}
            {formatMoney(data.minimumYearlyCents / 100)}.
          </p>
        ) : null}
        {data.refundRequest?.status === 'pending' ? <p>Your refund request is waiting for review.</p> : null}
        {decided?.status === 'approved' ? (
          <p role="status">
            Your refund of <span className="font-semibold tabular-nums">{formatMoney((decided.refundedCents ?? 0) / 100)}</span> was approved on {formatDate(decided.decidedAt)}; your paid plan has ended.
          </p>
        ) : null}
        {decided?.status === 'rejected' ? <p role="status">Your refund request was reviewed on {formatDate(decided.decidedAt)} and not approved.</p> : null}
        {data.canRequestRefund ? (
          <Button className="w-fit" disabled={request.isPending} onClick={() => request.mutate()}>
            Request refund
          </Button>
        ) : data.hasGuarantee && !data.refundRequested && data.eligibleFrom ? (
          <p className="text-muted-foreground">A refund can be requested from {formatDate(data.eligibleFrom)} if less than $100 a year has been found by then.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
