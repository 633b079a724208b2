import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { HowItWorksPage } from '@/features/marketing/components/how-it-works-page.tsx';
import { LandingPage } from '@/features/marketing/components/landing-page.tsx';
import { PricingPage } from '@/features/marketing/components/pricing-page.tsx';

/**
 * The marketing pages in one chunk (they share most of their code), given the auth dialog
 * (features do not import each other).
 */
function useOpenSignUp() {
  const { openAuthDialog } = useAuthDialog();
  return (returnPath?: string) => openAuthDialog('signup', returnPath);
}

export function LandingRoute() {
  return <LandingPage onSignUp={useOpenSignUp()} />;
}

export function PricingRoute() {
  return <PricingPage onSignUp={useOpenSignUp()} />;
}

export { HowItWorksPage as HowItWorksRoute };
