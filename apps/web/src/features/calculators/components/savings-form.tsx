import { zodResolver } from '@hookform/resolvers/zod';
import { CALCULATOR_MESSAGES } from '@wattwise/shared/contract/calculators';
import { type FormEvent, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useMyBillInputs } from '../api/calculators.ts';
import { CALCULATOR_DEFAULTS, type CalculatorForm, calculatorFormSchema, quickPreviewCents, usd } from '../lib/form.ts';

const PREVIEW_DELAY_MS = 500;
const PREVIEW_DURATION_MS = 2000;

const BILL_FIELDS = [
  { name: 'electricBill', label: 'Monthly electric bill ($)' },
  { name: 'gasBill', label: 'Monthly gas bill ($)' },
  { name: 'waterBill', label: 'Monthly water bill ($)' },
] as const;

/** The details form (electricBill, gasBill, waterBill, zipCode) with 'Use my bills' for a signed-in user with bills. */
export function SavingsForm({ initial, busy, onCalculate }: { initial: CalculatorForm | null; busy: boolean; onCalculate: (form: CalculatorForm) => void }) {
  const { isAuthenticated } = useAuth();
  const myBills = useMyBillInputs(isAuthenticated);
  const { register, handleSubmit, setValue, formState, reset, getValues } = useForm<CalculatorForm>({
    resolver: zodResolver(calculatorFormSchema),
    defaultValues: initial ?? CALCULATOR_DEFAULTS,
  });
  useEffect(() => {
    if (initial) reset(initial);
  }, [initial, reset]);
  // 02-tools §9: a quick preview 500 ms after the user changes a bill (2 s), at 29% of the total.
  const previewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(previewTimer.current), []);
  const schedulePreview = (event: FormEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.id === 'zipCode') return;
    clearTimeout(previewTimer.current);
    previewTimer.current = setTimeout(() => {
      const cents = quickPreviewCents(getValues());
      if (cents > 0) toast(`Quick preview: about ${usd(cents)} a month`, { id: 'quick-preview', duration: PREVIEW_DURATION_MS });
    }, PREVIEW_DELAY_MS);
  };
  const zipError = formState.errors.zipCode?.message;
  const useMyBills = () => {
    const mine = myBills.data;
    if (!mine) return;
    const set = (name: keyof CalculatorForm, value: number | string | null) => value !== null && setValue(name, String(value), { shouldValidate: name === 'zipCode' });
    set('electricBill', mine.electricBill ?? 0);
    set('gasBill', mine.gasBill ?? 0);
    set('waterBill', mine.waterBill ?? 0);
    set('zipCode', mine.zipCode);
    toast.success(`Filled in from ${mine.billsUsed} of your bills.`);
  };
  return (
    <form
      noValidate
      aria-label="Your details"
      className="grid gap-4 rounded-xl border bg-card p-6"
      onSubmit={handleSubmit(onCalculate, (errors) => {
        if (errors.zipCode) toast.error(CALCULATOR_MESSAGES.zipRequiredTitle, { description: CALCULATOR_MESSAGES.zipRequired });
      })}
    >
      <div className="grid gap-4 sm:grid-cols-2" onChange={schedulePreview}>
        {BILL_FIELDS.map((f) => (
          <div key={f.name} className="grid gap-1.5">
            <Label htmlFor={f.name}>{f.label}</Label>
            <Input id={f.name} inputMode="decimal" autoComplete="off" {...register(f.name)} />
          </div>
        ))}
        <div className="grid gap-1.5">
          <Label htmlFor="zipCode">ZIP code</Label>
          <Input id="zipCode" inputMode="numeric" autoComplete="postal-code" maxLength={10} aria-invalid={zipError ? true : undefined} aria-describedby={zipError ? 'zipCode-error' : undefined} {...register('zipCode')} />
          {zipError && (
            <p id="zipCode-error" role="alert" className="text-sm text-destructive">
              {zipError}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Calculating…' : 'Calculate My Savings'}
        </Button>
        {isAuthenticated && myBills.data && myBills.data.billsUsed > 0 && (
          <Button type="button" variant="outline" onClick={useMyBills}>
            Use my bills
          </Button>
        )}
      </div>
    </form>
  );
}
