import { zodResolver } from '@hookform/resolvers/zod';
import { createTicketSchema, SUPPORT_MESSAGES, TICKET_TYPES } from '@wattwise/shared/contract/support';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCreateTicket } from '../api/support.ts';
import { PRIORITY_OPTIONS } from './ticket-labels.ts';

type FormValues = z.input<typeof createTicketSchema>;
const TYPE_OPTIONS = TICKET_TYPES.map((t) => ({ value: t, label: t[0]?.toUpperCase() + t.slice(1) }));

/** 'Create Support Ticket' (01-core §5: subject and description required). */
export function CreateTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTicket();
  const form = useForm<FormValues>({ resolver: zodResolver(createTicketSchema), defaultValues: { subject: '', description: '', priority: 'normal', ticket_type: 'question' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(SUPPORT_MESSAGES.ticketCreated);
      form.reset();
      onClose();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 429 ? error.message : SUPPORT_MESSAGES.createTicketFailed);
    }
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Support Ticket</DialogTitle>
          <DialogDescription>Tell us what happened; we answer here and by email.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className="grid gap-2">
            <Label htmlFor="ticket-subject">Subject *</Label>
            <Input id="ticket-subject" aria-invalid={errors.subject ? true : undefined} aria-describedby={errors.subject ? 'ticket-subject-error' : undefined} {...form.register('subject')} />
            {errors.subject && (
              <p id="ticket-subject-error" role="alert" className="text-sm text-destructive">
                {errors.subject.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="ticket-description">Description *</Label>
            <Textarea
              id="ticket-description"
              rows={5}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'ticket-description-error' : undefined}
              {...form.register('description')}
            />
            {errors.description && (
              <p id="ticket-description-error" role="alert" className="text-sm text-destructive">
                {errors.description.message}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller control={form.control} name="priority" render={({ field }) => <SelectField id="ticket-priority" label="Priority" value={field.value} options={PRIORITY_OPTIONS} onValueChange={field.onChange} />} />
            <Controller control={form.control} name="ticket_type" render={({ field }) => <SelectField id="ticket-type" label="Type" value={field.value} options={TYPE_OPTIONS} onValueChange={field.onChange} />} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Create Ticket
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
