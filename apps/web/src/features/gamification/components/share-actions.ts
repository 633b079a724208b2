import { GAMIFICATION_MESSAGES, type GamificationSummary } from '@wattwise/shared/contract/gamification';
import { toast } from 'sonner';
import { useRecordShare } from '../api/gamification.ts';

/** The referral link of a user: the landing page with their code. */
export const referralLink = (code: string) => `${window.location.origin}/?ref=${encodeURIComponent(code)}`;

/** Share Progress / Share Win: copies a line about the user's progress with their referral link, and records the share (+5). */
export function useShareProgress() {
  const share = useRecordShare();
  return async (summary: GamificationSummary) => {
    const text = `I'm level ${summary.level} on Wattwise with ${summary.points} points and a ${summary.streak.current}-day streak. ${referralLink(summary.referral.code)}`;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error('Could not copy the link.');
      return;
    }
    toast.success(GAMIFICATION_MESSAGES.linkCopied);
    share.mutate(undefined, { onSuccess: (award) => toast.success(award.message) });
  };
}

/** Copies the referral link ('Link copied!'). */
export async function copyReferralLink(code: string) {
  try {
    await navigator.clipboard.writeText(referralLink(code));
    toast.success(GAMIFICATION_MESSAGES.linkCopied);
  } catch {
    toast.error('Could not copy the link.');
  }
}
