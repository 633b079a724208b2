import { CheckIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Reconciliation } from '@wattwise/shared/analysis/types';
import type { BillDetail, BillField } from '@wattwise/shared/contract/bills';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useCorrectBillFields } from '../api/bills.ts';
import { FIELD_LABELS, parseCorrection } from '../lib/fields.ts';
import { BILLS_MESSAGES } from '../messages.ts';

const OUTCOME_BADGE = {
  agrees: { label: 'Adds up', variant: 'success' },
  mismatch: { label: 'Doesn’t add up', variant: 'warning' },
  estimate: { label: 'Estimate', variant: 'secondary' },
  not_checked: { label: 'Not checked', variant: 'secondary' },
} as const;

/** The noun of a field in 'Add the previous balance' (the bill page's own labels). */
const ADD_NOUN: Partial<Record<BillField, string>> = {
  previousBalance: 'previous balance',
  paymentsReceived: 'payments received',
  currentCharges: 'current charges',
  totalAmount: 'amount due',
  lateFees: 'late fees',
};

/** The parts the page can confirm or add (the fields of 'What we read'). */
function billFieldsOf(fields: readonly string[], bill: BillDetail): BillField[] {
  return fields.filter((f) => f in bill.fields) as BillField[];
}

/** One click: the value read with low confidence is accepted as it is (it then counts as confirmed). */
function ConfirmPart({ bill, field }: { bill: BillDetail; field: BillField }) {
  const correct = useCorrectBillFields(bill.id);
  const value = bill.fields[field]?.value ?? null;
  if (value === null) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={correct.isPending}
      onClick={() =>
        correct.mutate(
          { corrections: [{ field, value }] },
          { onSuccess: () => toast.success(BILLS_MESSAGES.correctionThanks), onError: () => toast.error(BILLS_MESSAGES.correctionFailedTitle, { description: BILLS_MESSAGES.correctionFailed }) },
        )
      }
    >
      <CheckIcon aria-hidden />
      Confirm {ADD_NOUN[field] ?? FIELD_LABELS[field].toLowerCase()} {typeof value === 'number' ? formatMoney(value) : String(value)}
    </Button>
  );
}

/** Inline: type the value the reader could not read; the analysis then runs again by itself. */
function AddPart({ bill, field }: { bill: BillDetail; field: BillField }) {
  const correct = useCorrectBillFields(bill.id);
  const inputId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noun = ADD_NOUN[field] ?? FIELD_LABELS[field].toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseCorrection(field, text);
    if (value === null) {
      setError('Enter the amount printed on the bill, e.g. 98.08');
      return;
    }
    correct.mutate(
      { corrections: [{ field, value }] },
      { onSuccess: () => toast.success(BILLS_MESSAGES.correctionThanks), onError: () => toast.error(BILLS_MESSAGES.correctionFailedTitle, { description: BILLS_MESSAGES.correctionFailed }) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="grid gap-1">
        <Label htmlFor={inputId}>{`Add the ${noun}`}</Label>
        <Input id={inputId} inputMode="decimal" className="h-8 w-36" value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} />
      </div>
      <Button type="submit" size="sm" disabled={correct.isPending}>
        <PlusIcon aria-hidden />
        {`Add the ${noun}`}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The account summary check (previous balance − payments + current charges = amount due):
 * what was checked, or why it could not be, with a one-click Confirm for a value read with low
 * confidence and an inline field for one not read. After either, the analysis runs again by itself.
 */
export function ReconciliationPanel({ bill, reconciliation }: { bill: BillDetail; reconciliation: Reconciliation }) {
  const badge = OUTCOME_BADGE[reconciliation.outcome];
  const unsure = billFieldsOf(reconciliation.unsure, bill);
  const missing = billFieldsOf(reconciliation.missing, bill);
  // A bill with no account summary printed at all is not asked for one; a summary with a line not read is.
  const summaryRead = reconciliation.parts.some((p) => p.field !== 'totalAmount' && p.value !== null);
  return (
    <section aria-labelledby="reconciliation-title" className="grid gap-2 rounded-lg border p-4 text-sm" data-testid="reconciliation">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="reconciliation-title" className="font-semibold">
          Account summary
        </h3>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <p>{reconciliation.text}</p>
      {reconciliation.outcome === 'estimate' && unsure.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {unsure.map((field) => (
            <ConfirmPart key={field} bill={bill} field={field} />
          ))}
        </div>
      )}
      {reconciliation.outcome === 'not_checked' && summaryRead && missing.length > 0 && (
        <div className="grid gap-3">
          {missing.map((field) => (
            <AddPart key={field} bill={bill} field={field} />
          ))}
        </div>
      )}
    </section>
  );
}
