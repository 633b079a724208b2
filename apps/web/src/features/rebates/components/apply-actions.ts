import type { Rebate } from '@wattwise/shared/contract/rebates';
import { toast } from 'sonner';
import { REBATE_MESSAGES } from '../messages.ts';

/** Apply Now: the programme's page in a new tab, or the spec's notice when it has none. */
export function openApplication(rebate: Pick<Rebate, 'applicationUrl'>): void {
  if (!rebate.applicationUrl) {
    toast.info(REBATE_MESSAGES.noApplicationUrl);
    return;
  }
  window.open(rebate.applicationUrl, '_blank', 'noopener,noreferrer');
}
