import type { PlanId } from '@wattwise/shared/plans';
import { lazy, Suspense, useState } from 'react';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { HowItWorksPage } from '@/features/marketing/components/how-it-works-page.tsx';
import { LandingPage } from '@/features/marketing/components/landing-page.tsx';
import { PricingPage } from '@/features/marketing/components/pricing-page.tsx';
import { useSubscription } from '@/features/subscription/subscription-context.ts';

// The pricing dialog (Radix Dialog, the form, the human check) loads when a plan is first chosen, not with the page.
const PlanDialog = lazy(async () => ({ default: (await import('@/features/subscription/components/plan-dialog.tsx')).PlanDialog }));

/**
 * The marketing pages in one chunk (they share most of their code), given the auth dialog and
 * the pricing dialog (features do not import each other).
 */
function useOpenSignUp() {
  const { openAuthDialog } = useAuthDialog();
  return (returnPath?: string) => openAuthDialog('signup', returnPath);
}

function usePlanDialog() {
  const [chosen, setChosen] = useState<{ plan: PlanId; isAnnual: boolean } | null>(null);
  const dialog = chosen ? (
    <Suspense fallback={null}>
      <PlanDialog plan={chosen.plan} isAnnual={chosen.isAnnual} onClose={() => setChosen(null)} />
    </Suspense>
  ) : null;
  return { dialog, choose: (plan: PlanId, isAnnual: boolean) => setChosen({ plan, isAnnual }) };
}

export function LandingRoute() {
  const { dialog, choose } = usePlanDialog();
  return (
    <>
      <LandingPage onSignUp={useOpenSignUp()} onChoosePlan={choose} />
      {dialog}
    </>
  );
}

export function PricingRoute() {
  const { dialog, choose } = usePlanDialog();
  const subscription = useSubscription();
  return (
    <>
      <PricingPage onChoosePlan={choose} currentPlan={subscription.lastChecked ? subscription.plan : null} />
      {dialog}
    </>
  );
}

export { HowItWorksPage as HowItWorksRoute };
