import { GamificationPage } from '@/features/gamification/components/gamification-page.tsx';
import { SignedInGate } from './signed-in-gate.tsx';

export function GamificationRoute() {
  return (
    <SignedInGate path="/gamification" what="your points, badges and streaks">
      <GamificationPage />
    </SignedInGate>
  );
}
