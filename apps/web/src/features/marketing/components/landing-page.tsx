import { useAuth } from '@/hooks/use-auth.ts';
import { CommunityBanner } from './community-banner.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSteps } from './how-it-works-steps.tsx';
import { LiveDemoSection } from './live-demo-section.tsx';
import { type ChoosePlan, PricingPlans } from './pricing-plans.tsx';
import { SavingsTicker } from './savings-ticker.tsx';
import { Section } from './section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { TrustSection } from './trust-section.tsx';
import { VideoSection } from './video-section.tsx';

/** Opens sign-up; after it, the user goes to `returnPath` (the auth dialog's default when absent). */
export type OpenSignUp = (returnPath?: string) => void;

/** The landing page (01-core §2), section by section. app/routes gives it the auth dialog. */
export function LandingPage({ onSignUp, onChoosePlan }: { onSignUp: OpenSignUp; onChoosePlan: ChoosePlan }) {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <CommunityBanner />
      <HeroSection isAuthenticated={isAuthenticated} onSignUp={() => onSignUp()} />
      <FeaturesSection />
      <TestimonialsSection />
      <Section id="pricing" title="Simple, honest pricing" intro="Start free. Upgrade when Wattwise has shown you what it finds.">
        <PricingPlans isAuthenticated={isAuthenticated} onChoosePlan={onChoosePlan} />
      </Section>
      <Section id="how-it-works" title="How it works" intro="Three steps from the bill you have to the savings in it.">
        <HowItWorksSteps />
      </Section>
      <VideoSection />
      <LiveDemoSection />
      <SavingsTicker />
      <TrustSection />
    </>
  );
}
