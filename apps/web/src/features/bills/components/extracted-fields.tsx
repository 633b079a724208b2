import { CheckIcon, PencilIcon, XIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useCorrectBillFields } from '../api/bills.ts';
import { FIELD_LABELS, kindOf, displayFieldValue, needsCheck, parseCorrection } from '../lib/fields.ts';
import { confidenceLevel, formatPercent } from '@/lib/format.ts';
import { BILLS_MESSAGES } from '../messages.ts';
import { BILL_TYPE_LABELS } from '@/lib/bill-labels.ts';
import { BILL_FIELDS, type BillDetail, type ExtractedField, type BillField } from '@wattwise/shared/contract/bills';

function ConfidenceBadge({ confidence, corrected }: { confidence: number; corrected: boolean }) {
  if (corrected) return <Badge variant="info">Corrected</Badge>;
  const level = confidenceLevel(confidence);
  const variant = level === 'High' ? 'success' : level === 'Medium' ? 'warning' : 'destructive';
  return (
    <Badge variant={variant} title={`Confidence ${formatPercent(confidence)}`}>
      {level} · {formatPercent(confidence)}
    </Badge>
  );
}

/** 'Please check' with a one-click confirmation: a confirmed value counts as corrected. */
function ConfirmValue({ billId, name, field }: { billId: string; name: BillField; field: ExtractedField }) {
  const correct = useCorrectBillFields(billId);
  const confirm = () => {
    if (field.value == null) return;
    correct.mutate(
      { corrections: [{ field: name, value: field.value }] },
      {
        onSuccess: () => toast.success(BILLS_MESSAGES.correctionThanks),
        onError: () => toast.error(BILLS_MESSAGES.correctionFailedTitle, { description: BILLS_MESSAGES.correctionFailed }),
      },
    );
  };
  return (
    <>
      <Badge variant="warning">Please check</Badge>
      <Button variant="outline" size="sm" className="-my-1 h-7" onClick={confirm} disabled={correct.isPending} aria-label={`Confirm ${FIELD_LABELS[name].toLowerCase()}`}>
        <CheckIcon aria-hidden />
        Confirm
      </Button>
    </>
  );
}

function FieldEditor({ billId, name, field, onDone }: { billId: string; name: BillField; field: ExtractedField; onDone: () => void }) {
  const correct = useCorrectBillFields(billId);
  const inputId = useId();
  const errorId = useId();
  const kind = kindOf(name);
  const [text, setText] = useState(field.value == null ? '' : String(field.value));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseCorrection(name, text);
    if (value === null) {
      setError(
        kind === 'date'
          ? 'Enter a date'
          : kind === 'text' && name === 'billType'
            ? `Use one of: ${Object.keys(BILL_TYPE_LABELS).join(', ')}`
            : kind === 'text'
              ? 'Please provide a correction'
              : 'Enter a number',
      );
      return;
    }
    correct.mutate(
      { corrections: [{ field: name, value }] },
      {
        onSuccess: () => {
          toast.success(BILLS_MESSAGES.correctionThanks);
          onDone();
        },
        onError: () => toast.error(BILLS_MESSAGES.correctionFailedTitle, { description: BILLS_MESSAGES.correctionFailed }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={inputId} className="sr-only">
        {`Correct ${FIELD_LABELS[name].toLowerCase()}`}
      </Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          autoFocus
          type={kind === 'date' ? 'date' : 'text'}
          inputMode={kind === 'money' || kind === 'number' ? 'decimal' : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" size="sm" disabled={correct.isPending}>
          <CheckIcon aria-hidden />
          Save correction
        </Button>
        <Button variant="ghost" size="icon" onClick={onDone} aria-label="Cancel correction">
          <XIcon aria-hidden />
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/** The values read off the bill with their confidence; each one can be corrected. */
export function ExtractedFields({ bill }: { bill: BillDetail }) {
  // '#edit-totalAmount' (the 'add it' link of a value not found) opens that field's editor.
  const { hash } = useLocation();
  const fromHash = (BILL_FIELDS as readonly string[]).find((name) => hash === `#edit-${name}`) as BillField | undefined;
  const [editing, setEditing] = useState<BillField | null>(fromHash ?? null);
  const [seenHash, setSeenHash] = useState(hash);
  if (hash !== seenHash) {
    setSeenHash(hash);
    if (fromHash) setEditing(fromHash);
  }
  const names = BILL_FIELDS.filter((name) => bill.fields[name] !== undefined);
  return (
    <>
      <dl className="grid gap-1">
        {names.map((name) => {
          const field = bill.fields[name];
          return (
            <div key={name} className="grid gap-1 border-b py-3 last:border-0 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm text-muted-foreground">{FIELD_LABELS[name]}</dt>
              <dd className="grid gap-1">
                {editing === name ? (
                  <FieldEditor billId={bill.id} name={name} field={field} onDone={() => setEditing(null)} />
                ) : (
                  <div className="flex items-start gap-2">
                    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className={field.value == null ? 'text-muted-foreground' : 'font-medium break-words tabular-nums'}>
                        {displayFieldValue(name, field.value)}
                      </span>
                      <ConfidenceBadge confidence={field.confidence} corrected={field.corrected} />
                      {needsCheck(field) && <ConfirmValue billId={bill.id} name={name} field={field} />}
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="-my-2 shrink-0"
                      onClick={() => setEditing(name)}
                      aria-label={`Edit ${FIELD_LABELS[name].toLowerCase()}`}
                    >
                      <PencilIcon aria-hidden />
                      Edit
                    </Button>
                  </div>
                )}
                {field.corrected && field.originalValue != null && (
                  <span className="text-xs text-muted-foreground">Read as {displayFieldValue(name, field.originalValue)}</span>
                )}
                {!field.corrected && bill.aiFields.includes(name) && (
                  <span className="text-xs text-muted-foreground">Read by the AI model, and found printed on the bill</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {bill.processing && <ReadingSource bill={bill} />}
    </>
  );
}

/** Whether an AI model helped read the bill: which one, and for which values. */
function ReadingSource({ bill }: { bill: BillDetail }) {
  const filled = bill.aiFields.map((name) => FIELD_LABELS[name].toLowerCase());
  return (
    <p className="mt-3 text-xs text-muted-foreground">
      {bill.aiModel === null
        ? 'No AI was used to read this bill: every value was read from the bill by our rules.'
        : filled.length > 0
          ? `The AI model ${bill.aiModel} was asked about the values our rules were unsure of; it gave the ${filled.join(', ')}, each found printed on the bill.`
          : `The AI model ${bill.aiModel} was asked about the values our rules were unsure of; none of its answers was found printed on the bill, so none was used.`}
    </p>
  );
}
