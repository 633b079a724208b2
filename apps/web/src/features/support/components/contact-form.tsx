import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@wattwise/shared/auth';
import { contactFormSchema, SUPPORT_MESSAGES } from '@wattwise/shared/contract/support';
import { Loader2Icon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type CaptchaStatus, useCaptcha } from '@/lib/captcha/use-captcha.ts';
import { useSendContactForm } from '../api/support.ts';
import { PRIORITY_OPTIONS } from './ticket-labels.ts';

type FormValues = z.input<typeof contactFormSchema>;
const EMPTY: FormValues = { name: '', email: '', subject: '', message: '', createTicket: false, priority: 'normal' };

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** A visitor's human check: a token per submit, whether it is ready, and its status line. */
type HumanCheck = { getToken: () => Promise<string>; ready: boolean; line: ReactNode };

/** The contact form (01-core §5); a signed-in user may also open a ticket with a priority. A visitor passes the human check first. */
export function ContactForm({ isSignedIn, defaults }: { isSignedIn: boolean; defaults?: { name: string; email: string } }) {
  return isSignedIn ? <ContactFormFields isSignedIn defaults={defaults} humanCheck={null} /> : <VisitorContactForm defaults={defaults} />;
}

function HumanCheckLine({ status }: { status: CaptchaStatus }) {
  return (
    <p role="status" aria-live="polite" className="flex min-h-6 items-center gap-2 text-xs text-muted-foreground">
      {status === 'ready' ? <ShieldCheckIcon className="size-3.5 text-brand" aria-hidden /> : <Loader2Icon className="size-3.5 animate-spin" aria-hidden />}
      {status === 'ready' ? 'Human check passed' : status === 'error' ? AUTH_MESSAGES.captchaLoadFailed : 'Checking you are human…'}
    </p>
  );
}

function VisitorContactForm({ defaults }: { defaults?: { name: string; email: string } }) {
  const { status, getToken, setContainer } = useCaptcha();
  const line = (
    <>
      <div ref={setContainer} />
      <HumanCheckLine status={status} />
    </>
  );
  return <ContactFormFields isSignedIn={false} defaults={defaults} humanCheck={{ getToken: () => getToken('contact'), ready: status === 'ready', line }} />;
}

function ContactFormFields({ isSignedIn, defaults, humanCheck }: { isSignedIn: boolean; defaults?: { name: string; email: string }; humanCheck: HumanCheck | null }) {
  const send = useSendContactForm();
  const form = useForm<FormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: { ...EMPTY, ...defaults } });
  const { errors } = form.formState;
  const createTicket = useWatch({ control: form.control, name: 'createTicket' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const captcha = humanCheck ? await humanCheck.getToken() : undefined;
      const result = await send.mutateAsync({ input: values, captcha });
      toast.success(SUPPORT_MESSAGES.messageSentTitle, { description: SUPPORT_MESSAGES.messageSent(values.email) });
      if (result.ticket) toast.success(SUPPORT_MESSAGES.ticketCreated);
      form.reset({ ...EMPTY, ...defaults });
    } catch (error) {
      // Too many messages: the server's rate-limit text; anything else: the spec's failure message.
      toast.error(error instanceof ApiError && error.status === 429 ? error.message : SUPPORT_MESSAGES.submitFailed);
    }
  });

  const field = (name: 'name' | 'email' | 'subject', label: string, type = 'text') => (
    <div className="grid gap-2">
      <Label htmlFor={`contact-${name}`}>{label}</Label>
      <Input
        id={`contact-${name}`}
        type={type}
        autoComplete={name === 'subject' ? 'off' : name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        {...form.register(name)}
      />
      <FieldError id={`contact-${name}-error`} message={errors[name]?.message} />
    </div>
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name *')}
        {field('email', 'Email *', 'email')}
      </div>
      {field('subject', 'Subject *')}
      <div className="grid gap-2">
        <Label htmlFor="contact-message">Message *</Label>
        <Textarea
          id="contact-message"
          rows={6}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          {...form.register('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      <Controller
        control={form.control}
        name="createTicket"
        render={({ field: box }) => (
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={box.value ?? false}
              onChange={(e) => {
                if (e.target.checked && !isSignedIn) {
                  toast.error(SUPPORT_MESSAGES.signInForTickets);
                  box.onChange(false);
                  return;
                }
                box.onChange(e.target.checked);
              }}
            />
            Create a support ticket so you can follow the answer in the Support Center
          </label>
        )}
      />
      {createTicket && isSignedIn && (
        <Controller
          control={form.control}
          name="priority"
          render={({ field: select }) => (
            <SelectField id="contact-priority" label="Priority" value={select.value} options={PRIORITY_OPTIONS} onValueChange={select.onChange} className="max-w-xs" />
          )}
        />
      )}
      {humanCheck?.line}
      <Button type="submit" disabled={send.isPending || (humanCheck !== null && !humanCheck.ready)} className="w-full sm:w-fit">
        {send.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
        Send Message
      </Button>
    </form>
  );
}
