import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PAYMENT_MESSAGES, UTILITY_TYPE_LABELS, UTILITY_TYPES } from '@wattwise/shared/contract/payments';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectControl } from '@/components/ui/select-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { startBillPayment } from '../api/payments.ts';
import type { PaymentFormFromBill } from '../lib/form-from-bill.ts';

/** The payment form (02-tools §3): the amount as typed, checked as the spec says before anything is sent. */
const formSchema = z.object({
  provider: z.string().trim().min(1, 'Provider is required'),
  accountNumber: z.string().trim().min(1, 'Account number is required'),
  amount: z.string().trim(),
  utilityType: z.enum(UTILITY_TYPES),
  dueDate: z.string(),
  customerName: z.string(),
  customerAddress: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

const UTILITY_OPTIONS = UTILITY_TYPES.map((value) => ({ value, label: UTILITY_TYPE_LABELS[value] }));

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The Direct Bill Payment card (02-tools §2.21): pay a utility bill by card through checkout.
 * `readBill` (given by the page) reads a bill file with the bill reader for 'Read from bill',
 * keeping nothing; `afterRead` renders what the page offers for a file read (saving it).
 */
export function DirectBillPaymentCard({
  readBill,
  afterRead,
}: {
  readBill?: (file: File) => Promise<PaymentFormFromBill>;
  afterRead?: (file: File) => ReactNode;
}) {
  const [processing, setProcessing] = useState(false);
  const [reading, setReading] = useState(false);
  /** The last file read into the form, with a count so each new one starts its own offer. */
  const [readFile, setReadFile] = useState<{ file: File; n: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { provider: '', accountNumber: '', amount: '', utilityType: 'electricity', dueDate: '', customerName: '', customerAddress: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const invalid = (name: keyof FormValues) => (formState.errors[name] ? { 'aria-invalid': true, 'aria-describedby': `pay-${name}-error` } : {});

  const fillFromBill = async (file: File) => {
    if (!readBill) return;
    setReading(true);
    try {
      const found = await readBill(file);
      const filled = Object.entries(found).filter(([, value]) => value !== undefined) as [keyof FormValues, string][];
      if (filled.length <= 1) throw new Error(PAYMENT_MESSAGES.readBillFailedFallback);
      for (const [name, value] of filled) form.setValue(name, value, { shouldValidate: formState.isSubmitted });
      setReadFile((last) => ({ file, n: (last?.n ?? 0) + 1 }));
      toast.success(PAYMENT_MESSAGES.readBillDoneTitle, { description: PAYMENT_MESSAGES.readBillDoneDescription });
    } catch (error) {
      toast.error(PAYMENT_MESSAGES.readBillFailedTitle, { description: error instanceof Error && error.message ? error.message : PAYMENT_MESSAGES.readBillFailedFallback });
    } finally {
      setReading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async (values: FormValues) => {
    const amount = Number(values.amount);
    if (!values.amount || !Number.isFinite(amount) || amount <= 0) {
      toast.error(PAYMENT_MESSAGES.invalidAmountTitle, { description: PAYMENT_MESSAGES.invalidAmountDescription });
      return;
    }
    setProcessing(true);
    try {
      const { url } = await startBillPayment({
        provider: values.provider,
        accountNumber: values.accountNumber,
        amount,
        utilityType: values.utilityType,
        dueDate: values.dueDate || undefined,
        customerName: values.customerName || undefined,
        customerAddress: values.customerAddress || undefined,
      });
      if (!url) throw new Error(PAYMENT_MESSAGES.noCheckoutUrlReceived);
      window.location.assign(url);
    } catch (error) {
      setProcessing(false);
      if (error instanceof ApiError && error.status === 401) {
        toast.error(PAYMENT_MESSAGES.paymentAuthTitle, { description: PAYMENT_MESSAGES.paymentAuthDescription });
        return;
      }
      toast.error(PAYMENT_MESSAGES.paymentFailedTitle, { description: error instanceof Error && error.message ? error.message : PAYMENT_MESSAGES.paymentFailedFallback });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Direct Bill Payment</CardTitle>
        <CardDescription>Pay a utility bill by card. You confirm the amount on the secure checkout page.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {readBill ? (
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={fileInput}
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp,image/heic"
              className="sr-only"
              id="pay-read-bill"
              aria-label="Bill to read"
              tabIndex={-1}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void fillFromBill(file);
              }}
            />
            <Button type="button" variant="outline" disabled={reading || processing} onClick={() => fileInput.current?.click()}>
              {reading ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
              {reading ? 'Reading your bill…' : 'Read from bill'}
            </Button>
            <p className="text-sm text-muted-foreground">Choose the bill and we fill in the form from it. Nothing is saved unless you ask.</p>
          </div>
        ) : null}
        {readFile && afterRead ? <Fragment key={readFile.n}>{afterRead(readFile.file)}</Fragment> : null}
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
          <Field id="pay-provider" label="Utility provider" error={formState.errors.provider?.message}>
            <Input id="pay-provider" {...register('provider')} {...invalid('provider')} />
          </Field>
          <Field id="pay-accountNumber" label="Account number" error={formState.errors.accountNumber?.message}>
            <Input id="pay-accountNumber" {...register('accountNumber')} {...invalid('accountNumber')} />
          </Field>
          <Field id="pay-amount" label="Amount (USD)">
            <Input id="pay-amount" inputMode="decimal" placeholder="0.00" {...register('amount')} />
          </Field>
          <Field id="pay-utilityType" label="Utility type">
            <Controller control={control} name="utilityType" render={({ field }) => <SelectControl id="pay-utilityType" value={field.value} options={UTILITY_OPTIONS} onValueChange={field.onChange} />} />
          </Field>
          <Field id="pay-dueDate" label="Due date">
            <Input id="pay-dueDate" type="date" {...register('dueDate')} />
          </Field>
          <Field id="pay-customerName" label="Name on the account">
            <Input id="pay-customerName" autoComplete="name" {...register('customerName')} />
          </Field>
          <div className="sm:col-span-2">
            <Field id="pay-customerAddress" label="Service address">
              <Input id="pay-customerAddress" autoComplete="street-address" {...register('customerAddress')} />
            </Field>
          </div>
          <Button type="submit" className="sm:col-span-2 sm:w-fit" disabled={processing}>
            {processing ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            Pay Bill
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
