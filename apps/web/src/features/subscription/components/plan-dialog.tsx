import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, ShieldCheckIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { landingEmailSchema, PAYMENT_MESSAGES } from '@wattwise/shared/contract/payments';
import { ANNUAL_TOGGLE_LABEL, getPlan, planDialogTitle, type PlanId } from '@wattwise/shared/plans';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { authKeys, useAuth } from '@/hooks/use-auth.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCaptcha } from '@/lib/captcha/use-captcha.ts';
import { formatMoney } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';
import { browserTimeZone, createCheckout, planSignUp } from '../api/subscription.ts';
import { errorMessageOf } from '../lib/subscription-check.ts';

/** 01-core §4: after a free sign-up the dashboard opens 1.5 s later. */
export const FREE_REDIRECT_MS = 1500;

const formSchema = z.object({ email: landingEmailSchema });
type FormValues = z.infer<typeof formSchema>;

/** Sends the browser to the checkout page (a full navigation: it may be Stripe's site). */
function goToCheckout(url: string | null | undefined) {
  if (!url) throw new Error(PAYMENT_MESSAGES.noCheckoutUrl);
  window.location.assign(url);
}

/**
 * The pricing dialog (01-core §2, §4): one email field (prefilled and fixed when signed in), the
 * annual toggle for paid plans, the human check, and one submit at a time. Free: the account is
 * created from the email, a toast, the dashboard after 1.5 s. Paid: the account first for a
 * visitor (skipped when signed in), then checkout and a redirect to its URL.
 */
export function PlanDialog({ plan, isAnnual: initialAnnual, onClose }: { plan: PlanId; isAnnual: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = getPlan(plan);
  const isPaid = plan !== 'free';
  const [isAnnual, setIsAnnual] = useState(initialAnnual);
  const [submitting, setSubmitting] = useState(false);
  const inProgress = useRef(false);
  const { status: captchaStatus, getToken, setContainer } = useCaptcha();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { email: user?.email ?? '' }, mode: 'onChange' });
  const { register, handleSubmit, formState } = form;
  const price = !isPaid ? formatMoney(0) : isAnnual ? `${formatMoney(details.annualCents / 100)}/year` : `${formatMoney(details.monthlyCents / 100)}/month`;

  const submit = async ({ email }: FormValues) => {
    // Duplicate requests while one is in progress are ignored (01-core §4).
    if (inProgress.current) return;
    if (captchaStatus !== 'ready') {
      toast.error(isPaid ? PAYMENT_MESSAGES.checkoutErrorTitle : 'Error', { description: PAYMENT_MESSAGES.captchaNotLoaded });
      return;
    }
    inProgress.current = true;
    setSubmitting(true);
    const billingCycle = isAnnual ? 'annual' : 'monthly';
    const timeZone = browserTimeZone();
    try {
      if (!isPaid) {
        await planSignUp({ email, plan: 'free', billingCycle, timeZone }, await getToken('signup'));
        await queryClient.invalidateQueries({ queryKey: authKeys.session() });
        toast.success('Welcome to Wattwise!', { description: 'Your free account is ready. Check your email to confirm it and set your password.' });
        window.setTimeout(() => void navigate('/dashboard'), FREE_REDIRECT_MS);
        return;
      }
      if (user) {
        const { url } = await createCheckout({ plan, isAnnual, timeZone }, await getToken('checkout'));
        goToCheckout(url);
      } else {
        const result = await planSignUp({ email, plan, billingCycle, timeZone }, await getToken('signup'));
        goToCheckout(result.url);
      }
    } catch (error) {
      inProgress.current = false;
      setSubmitting(false);
      const message = errorMessageOf(error);
      // Already subscribed: the plan is managed in Settings → Plan & billing; the toast links there.
      if (error instanceof ApiError && error.status === 409) {
        toast.error(PAYMENT_MESSAGES.checkoutErrorTitle, { description: message, action: { label: 'Plan & billing', onClick: () => void navigate('/settings#plan') } });
        return;
      }
      if (isPaid) toast.error(PAYMENT_MESSAGES.checkoutErrorTitle, { description: message === 'Unknown error' ? PAYMENT_MESSAGES.checkoutErrorFallback : message });
      else toast.error('Sign-up failed', { description: message });
    }
  };

  const emailError = formState.errors.email?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{planDialogTitle(plan)}</DialogTitle>
          <DialogDescription>
            {details.name} plan, {price}.{' '}
            {isPaid ? 'You pay on the next page; cancel any time.' : 'One bill a month, no card needed.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
          {isPaid ? (
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
              <button
                type="button"
                role="switch"
                aria-checked={isAnnual}
                aria-label={ANNUAL_TOGGLE_LABEL}
                onClick={() => setIsAnnual((v) => !v)}
                className={cn(
                  'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
                  isAnnual ? 'bg-primary' : 'bg-input',
                )}
              >
                <span className={cn('size-6 rounded-full bg-background shadow transition-transform', isAnnual ? 'translate-x-5' : 'translate-x-0')} />
              </button>
              <span>{ANNUAL_TOGGLE_LABEL}</span>
            </label>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor="plan-email">Email</Label>
            <Input
              id="plan-email"
              type="email"
              autoComplete="email"
              readOnly={Boolean(user)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'plan-email-error' : undefined}
              {...register('email')}
            />
            {emailError ? (
              <p id="plan-email-error" role="alert" className="text-sm text-destructive">
                {emailError}
              </p>
            ) : null}
          </div>
          <div ref={setContainer} />
          <p role="status" aria-live="polite" className="flex min-h-6 items-center gap-2 text-xs text-muted-foreground">
            {captchaStatus === 'ready' ? <ShieldCheckIcon className="size-3.5 text-brand" aria-hidden /> : <Loader2Icon className="size-3.5 animate-spin" aria-hidden />}
            {captchaStatus === 'ready' ? 'Human check passed' : captchaStatus === 'error' ? PAYMENT_MESSAGES.captchaNotLoaded : 'Checking you are human…'}
          </p>
          <Button type="submit" disabled={submitting}>
            {submitting ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            {isPaid ? (user ? 'Continue to payment' : 'Create account and continue to payment') : 'Create free account'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
