import { receiptUrl, usePayments } from '../api/payments.ts';

const shortDate = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The user's invoices and receipts (plan invoices and bill payments), newest first, each with its PDF receipt. */
export function InvoiceList() {
  const payments = usePayments(true);
  if (!payments.data) return null;
  const list = payments.data.payments;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">Invoices and receipts</h3>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label="Invoices and receipts">
          {list.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 border-b py-1.5 last:border-0">
              <span>
                {shortDate(p.occurredAt)} · {p.description} · {money(p.amountCents, p.currency)}
                {p.status === 'failed' ? ' · failed' : ''}
              </span>
              {p.status === 'paid' && (
                <a className="text-accent underline underline-offset-4" href={receiptUrl(p.id)}>
                  Receipt (PDF)
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
