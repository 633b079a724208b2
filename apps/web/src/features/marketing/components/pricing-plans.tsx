import { CheckIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ANNUAL_TOGGLE_LABEL, annualSavingsCents, PLANS, type Plan, type PlanId } from '@wattwise/shared/plans';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatMoney } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';

function priceLine(plan: Plan, isAnnual: boolean): { price: string; period: string; note?: string } {
  if (plan.monthlyCents === 0) return { price: formatMoney(0), period: '/month' };
  if (!isAnnual) return { price: formatMoney(plan.monthlyCents / 100), period: '/month' };
  return { price: formatMoney(plan.annualCents / 100), period: '/year', note: `Save ${formatMoney(annualSavingsCents(plan) / 100)}` };
}

function AnnualToggle({ isAnnual, onChange }: { isAnnual: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
      <span>Monthly</span>
      <button
        type="button"
        role="switch"
        aria-checked={isAnnual}
        aria-label={ANNUAL_TOGGLE_LABEL}
        onClick={() => onChange(!isAnnual)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
          isAnnual ? 'bg-primary' : 'bg-input',
        )}
      >
        <span className={cn('size-6 rounded-full bg-background shadow transition-transform', isAnnual ? 'translate-x-5' : 'translate-x-0')} />
      </button>
      <span>{ANNUAL_TOGGLE_LABEL}</span>
    </label>
  );
}

/** Opens the pricing dialog of a plan (app/routes composes it from the subscription feature). */
export type ChoosePlan = (plan: PlanId, isAnnual: boolean) => void;

/**
 * The three plan cards with the annual toggle (01-core §2, §9), from the shared plan definition.
 * Signed in, Free leads to the upload; every other choice opens the pricing dialog.
 */
export function PricingPlans({
  isAuthenticated,
  onChoosePlan,
  headingLevel = 3,
  currentPlan = null,
}: {
  isAuthenticated: boolean;
  onChoosePlan: ChoosePlan;
  headingLevel?: 2 | 3;
  /** The signed-in user's plan: its card is marked, and a paid plan is changed from Plan & billing. */
  currentPlan?: PlanId | null;
}) {
  const [isAnnual, setIsAnnual] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className="grid gap-6">
      <AnnualToggle isAnnual={isAnnual} onChange={setIsAnnual} />
      <ul className="grid gap-4 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const { price, period, note } = priceLine(plan, isAnnual);
          const featured = plan.id === 'basic';
          const isCurrent = currentPlan === plan.id;
          const hasPaidPlan = currentPlan !== null && currentPlan !== 'free';
          return (
            <li
              key={plan.id}
              aria-current={isCurrent ? 'true' : undefined}
              className={cn('flex flex-col gap-5 rounded-xl border bg-card p-6', featured && 'border-primary shadow-md', isCurrent && 'ring-2 ring-primary')}
            >
              <div>
                <Heading className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {plan.name}
                  {isCurrent && <Badge variant="success">Your current plan</Badge>}
                </Heading>
                <p className="mt-2">
                  <span className="text-3xl font-bold tabular-nums">{price}</span>
                  <span className="text-muted-foreground">{period}</span>
                </p>
                {note ? <p className="text-sm font-medium text-primary">{note}</p> : null}
              </div>
              <ul className="grid flex-1 gap-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature.title} className="flex gap-2">
                    {feature.included ? (
                      <CheckIcon className="mt-0.5 size-4 text-brand" aria-label="Included" />
                    ) : (
                      <XIcon className="mt-0.5 size-4 text-muted-foreground" aria-label="Not included" />
                    )}
                    <span>
                      <span className="font-medium">{feature.title}:</span> {feature.value}
                    </span>
                  </li>
                ))}
              </ul>
              {isCurrent ? (
                <Button variant="outline" asChild>
                  <Link to="/settings#plan">{plan.id === 'free' ? 'Current Plan' : 'Manage Plan'}</Link>
                </Button>
              ) : hasPaidPlan ? (
                <Button variant="outline" asChild>
                  <Link to="/settings#plan">Change in Plan &amp; billing</Link>
                </Button>
              ) : plan.id === 'free' && isAuthenticated ? (
                <Button variant="outline" asChild>
                  <Link to="/bill-upload">Get Started</Link>
                </Button>
              ) : (
                <Button
                  variant={featured ? 'default' : 'outline'}
                  onClick={() => onChoosePlan(plan.id, isAnnual)}
                >
                  {plan.id === 'free' ? 'Get Started' : `Subscribe to ${plan.name}`}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted-foreground">
        Basic and Pro: save $100 or more a year or get your money back. See the{' '}
        <Link to="/refund-policy" className="text-accent underline underline-offset-4">
          Refund Policy
        </Link>
        .
      </p>
    </div>
  );
}
