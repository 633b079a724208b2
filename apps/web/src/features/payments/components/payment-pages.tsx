import { CheckCircle2Icon, DownloadIcon, Loader2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES } from '@wattwise/shared/contract/payments';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatDate } from '@/lib/format.ts';
import { receiptUrl, usePayments, useVerifyPayment } from '../api/payments.ts';

/** Cents as dollars with 2 decimals (02-tools §8: the success page divides the amount by 100). */
export function centsToDisplay(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
}

/** /payment-success (02-tools §2.21): verifies `session_id` and shows the payment's details. */
export function PaymentSuccessPage({ sessionId }: { sessionId: string | null }) {
  const verify = useVerifyPayment(sessionId);
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || verify.isPending) return;
    announced.current = true;
    if (verify.isSuccess) toast.success(PAYMENT_MESSAGES.paymentSuccessTitle, { description: PAYMENT_MESSAGES.paymentSuccessDescription });
    else toast(PAYMENT_MESSAGES.paymentConfirmedTitle, { description: PAYMENT_MESSAGES.paymentConfirmedDescription });
  }, [verify.isPending, verify.isSuccess]);
  const payment = verify.data;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-12">
      <div className="grid justify-items-center gap-2 text-center">
        <CheckCircle2Icon className="size-12 text-brand" aria-hidden />
        <h1 className="text-2xl font-bold">{payment ? PAYMENT_MESSAGES.paymentSuccessTitle : PAYMENT_MESSAGES.paymentConfirmedTitle}</h1>
        <p className="text-muted-foreground">{payment ? PAYMENT_MESSAGES.paymentSuccessDescription : verify.isPending && sessionId ? 'Loading your payment…' : PAYMENT_MESSAGES.paymentConfirmedDescription}</p>
      </div>
      {verify.isPending && sessionId ? <Loader2Icon className="mx-auto animate-spin" aria-label="Loading" /> : null}
      {payment ? (
        <Card>
          <CardHeader>
            <CardTitle>Payment Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="font-semibold tabular-nums">{centsToDisplay(payment.amount)}</dd>
              {payment.payee && (
                <>
                  <dt className="text-muted-foreground">Paid to</dt>
                  <dd className="font-medium">{payment.payee}</dd>
                </>
              )}
              <dt className="text-muted-foreground">Description</dt>
              <dd>{payment.description}</dd>
              <dt className="text-muted-foreground">{payment.paidAt ? 'Paid on' : 'Started on'}</dt>
              <dd>{new Date(payment.paidAt ?? payment.created * 1000).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}</dd>
              <dt className="text-muted-foreground">Reference</dt>
              <dd className="break-all">{payment.id}</dd>
            </dl>
          </CardContent>
        </Card>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        {payment && !payment.receiptReady ? (
          <p role="status" className="basis-full text-center text-sm text-muted-foreground">
            {payment.status === 'paid' ? 'Your receipt is being prepared; it appears here and in your payment history in a moment.' : 'We are waiting for the payment provider to confirm this payment.'}
          </p>
        ) : null}
        {payment && payment.status === 'paid' && payment.receiptReady ? (
          <Button asChild>
            <a href={receiptUrl(payment.id)} download>
              <DownloadIcon aria-hidden />
              Download Receipt
            </a>
          </Button>
        ) : null}
        <Button variant="outline" asChild>
          <Link to="/payment-dashboard">Go to Dashboard</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/payment-dashboard">View Payment History</Link>
        </Button>
        <Button variant="ghost" asChild>
          <Link to="/">Return to the homepage</Link>
        </Button>
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Questions about this payment? <Link to="/contact" className="text-accent underline underline-offset-4">Contact us</Link>.
      </p>
    </div>
  );
}

/** /payment-canceled (02-tools §2.21): nothing was charged. */
export function PaymentCanceledPage() {
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-12 text-center">
      <XCircleIcon className="mx-auto size-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">Payment canceled</h1>
      <p className="text-muted-foreground">Your payment was canceled. No charges were made.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/pricing">Try Again</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to Homepage</Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        <Link to="/pricing" className="text-accent underline underline-offset-4">Pricing</Link> ·{' '}
        <Link to="/payment-dashboard" className="text-accent underline underline-offset-4">Payment history</Link> ·{' '}
        <Link to="/contact" className="text-accent underline underline-offset-4">Contact</Link>
      </p>
    </div>
  );
}

/** /payment-dashboard: the user's bill payments and subscription invoices, amounts as charged. */
export function PaymentDashboardPage({ enabled }: { enabled: boolean }) {
  const payments = usePayments(enabled);
  const rows = payments.data?.payments ?? [];
  return (
    <div className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Payment History</h1>
        <p className="text-muted-foreground">Your bill payments and plan invoices, with a receipt for each.</p>
      </div>
      {payments.isPending && enabled ? <Loader2Icon className="animate-spin" aria-label="Loading payments" /> : null}
      {!payments.isPending && rows.length === 0 ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 py-6">
            <p>No payments yet.</p>
            <Button asChild>
              <Link to="/payment">Pay a bill</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {rows.length > 0 ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Receipt</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{formatDate(p.occurredAt)}</TableCell>
                <TableCell>{p.description}</TableCell>
                <TableCell>
                  <Badge variant={p.status === 'paid' ? 'default' : 'destructive'}>{p.status === 'paid' ? 'Paid' : 'Failed'}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">{centsToDisplay(p.amountCents)}</TableCell>
                <TableCell>
                  {p.status === 'paid' ? (
                    <a className="text-accent underline underline-offset-4" href={receiptUrl(p.id)} download>
                      Download
                    </a>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
