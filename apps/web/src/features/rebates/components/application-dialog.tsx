import { zodResolver } from '@hookform/resolvers/zod';
import { APPLICATION_MESSAGES, APPLICATION_STATUSES, type RebateApplication } from '@wattwise/shared/contract/rebates';
import { Loader2Icon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAddApplication, useUpdateApplication } from '../api/applications.ts';
import { APPLICATION_TOASTS } from '../messages.ts';

const required = z.string().trim().min(1, APPLICATION_MESSAGES.required);
const formSchema = z.object({
  programName: required,
  rebateId: required,
  currentStatus: z.enum(APPLICATION_STATUSES),
  submissionDate: z.string(),
  estimatedPaymentDate: z.string(),
  actualPaymentDate: z.string(),
  externalLink: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Please enter a valid URL' })]),
  notes: z.string().max(4000),
});
type FormValues = z.infer<typeof formSchema>;

/** What the Add dialog starts from: empty, or a rebate card's programme ('Track application'). */
export type ApplicationDraft = { rebateId: string; programName: string; externalLink?: string | null };

type Props = { open: boolean; onClose: () => void } & ({ mode: 'add'; draft: ApplicationDraft | null } | { mode: 'edit'; application: RebateApplication });

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

function initialValues(props: Props): FormValues {
  const a = props.mode === 'edit' ? props.application : null;
  const d = props.mode === 'add' ? props.draft : null;
  return {
    programName: a?.programName ?? d?.programName ?? '',
    rebateId: a?.rebateId ?? d?.rebateId ?? '',
    currentStatus: a?.currentStatus ?? 'Submitted',
    submissionDate: a?.submissionDate ?? new Date().toISOString().slice(0, 10),
    estimatedPaymentDate: a?.estimatedPaymentDate ?? '',
    actualPaymentDate: a?.actualPaymentDate ?? '',
    externalLink: a?.externalLink ?? d?.externalLink ?? '',
    notes: a?.notes ?? '',
  };
}

/** Add and Edit dialogs of the applications tracker (02-tools §2.22, §5). */
export function ApplicationDialog(props: Props) {
  const title = props.mode === 'add' ? 'Add Application' : 'Edit Application';
  return (
    <Dialog open={props.open} onOpenChange={(o) => !o && props.onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Keep track of where your rebate application stands.</DialogDescription>
        </DialogHeader>
        {props.open && <ApplicationForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function ApplicationForm(props: Props) {
  const add = useAddApplication();
  const update = useUpdateApplication();
  const { register, handleSubmit, control, formState } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: initialValues(props) });
  const busy = add.isPending || update.isPending;

  const onSubmit = handleSubmit(
    async (v) => {
      const input = {
        programName: v.programName,
        rebateId: v.rebateId,
        currentStatus: v.currentStatus,
        submissionDate: orNull(v.submissionDate),
        estimatedPaymentDate: orNull(v.estimatedPaymentDate),
        actualPaymentDate: orNull(v.actualPaymentDate),
        externalLink: orNull(v.externalLink),
        notes: orNull(v.notes),
      };
      try {
        if (props.mode === 'add') {
          await add.mutateAsync(input);
          toast.success(APPLICATION_MESSAGES.added);
        } else {
          await update.mutateAsync({ id: props.application.id, input });
          toast.success(APPLICATION_MESSAGES.updated);
        }
        props.onClose();
      } catch (error) {
        if (props.mode === 'add') toast.error(error instanceof ApiError ? APPLICATION_TOASTS.addFailed(error.message) : APPLICATION_MESSAGES.addFailed);
        else toast.error(APPLICATION_TOASTS.updateFailed(errorMessage(error)));
      }
    },
    (errors) => {
      if (errors.programName || errors.rebateId) toast.error(APPLICATION_MESSAGES.required);
    },
  );

  const field = (name: keyof FormValues, label: string, input: React.ReactNode) => {
    const message = formState.errors[name]?.message;
    return (
      <div className="grid gap-2">
        <Label htmlFor={`application-${name}`}>{label}</Label>
        {input}
        {message && (
          <p id={`application-${name}-error`} className="text-sm text-destructive">
            {message}
          </p>
        )}
      </div>
    );
  };
  const aria = (name: keyof FormValues) =>
    formState.errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `application-${name}-error` } : {};

  return (
    <form className="grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
      {field('programName', 'Program name *', <Input id="application-programName" {...aria('programName')} {...register('programName')} />)}
      {field('rebateId', 'Rebate ID *', <Input id="application-rebateId" {...aria('rebateId')} {...register('rebateId')} />)}
      {field(
        'currentStatus',
        'Status',
        <Controller
          control={control}
          name="currentStatus"
          render={({ field: f }) => (
            <Select value={f.value} onValueChange={(v) => f.onChange(v)}>
              <SelectTrigger id="application-currentStatus">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {APPLICATION_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />,
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('submissionDate', 'Submitted on', <Input id="application-submissionDate" type="date" {...register('submissionDate')} />)}
        {field('estimatedPaymentDate', 'Expected payment', <Input id="application-estimatedPaymentDate" type="date" {...register('estimatedPaymentDate')} />)}
        {field('actualPaymentDate', 'Paid on', <Input id="application-actualPaymentDate" type="date" {...register('actualPaymentDate')} />)}
      </div>
      {field('externalLink', 'Application link', <Input id="application-externalLink" type="url" {...aria('externalLink')} {...register('externalLink')} />)}
      {field('notes', 'Notes', <Textarea id="application-notes" {...register('notes')} />)}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Loader2Icon className="animate-spin" aria-hidden />} {props.mode === 'add' ? 'Add Application' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
