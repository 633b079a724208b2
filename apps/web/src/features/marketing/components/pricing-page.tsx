import type { PlanId } from '@wattwise/shared/plans';
import { Link } from 'react-router';
import { useAuth } from '@/hooks/use-auth.ts';
import { type ChoosePlan, PricingPlans } from './pricing-plans.tsx';

/** /pricing: the plans on a page of their own (02-tools §2.1). */
export function PricingPage({ onChoosePlan, currentPlan = null }: { onChoosePlan: ChoosePlan; currentPlan?: PlanId | null }) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="mx-auto grid w-full max-w-[1200px] gap-8 px-4 py-12 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Pricing</h1>
        <p className="max-w-2xl text-muted-foreground">
          Start free with one bill a month. Basic and Pro read more bills and come with the $100+ annual savings guarantee.
        </p>
      </header>
      <PricingPlans headingLevel={2} isAuthenticated={isAuthenticated} onChoosePlan={onChoosePlan} currentPlan={isAuthenticated ? currentPlan : null} />
      <p className="text-sm text-muted-foreground">
        Questions about plans or billing? See the{' '}
        <Link to="/faq" className="text-accent underline underline-offset-4">
          FAQ
        </Link>{' '}
        and the{' '}
        <Link to="/cancellation-policy" className="text-accent underline underline-offset-4">
          Cancellation Policy
        </Link>
        .
      </p>
    </div>
  );
}
