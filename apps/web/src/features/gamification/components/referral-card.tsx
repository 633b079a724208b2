import { REFERRAL_CREDIT_CENTS } from '@wattwise/shared/gamification/rules';
import type { GamificationSummary } from '@wattwise/shared/contract/gamification';
import { Copy, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { copyReferralLink, referralLink, useShareProgress } from './share-actions.ts';

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Share and referral sections of the smart dashboard: $10 for each side when a friend subscribes. */
export function ReferralCard({ summary }: { summary: GamificationSummary }) {
  const share = useShareProgress();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Share and refer</CardTitle>
        <CardDescription>
          When a friend you refer subscribes, you both get {usd(REFERRAL_CREDIT_CENTS)} in credit. Your credits so far: <strong className="tabular-nums">{usd(summary.referral.creditsCents)}</strong>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="referral-link">Your referral link</Label>
          <div className="flex gap-2">
            <Input id="referral-link" readOnly value={referralLink(summary.referral.code)} />
            <Button variant="outline" onClick={() => void copyReferralLink(summary.referral.code)}>
              <Copy aria-hidden /> Copy link
            </Button>
          </div>
        </div>
        <Button className="w-fit" onClick={() => void share(summary)}>
          <Share2 aria-hidden /> Share Progress
        </Button>
      </CardContent>
    </Card>
  );
}
