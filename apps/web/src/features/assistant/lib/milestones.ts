import type { MilestoneId } from '@wattwise/shared/contract/assistant-memory';

/** 02-tools §4 'Milestones': each fires confetti once; the server decides which are reached (decision 092). */
export const MILESTONE_TEXT: Record<MilestoneId, string> = {
  saved100: 'Milestone: $100 saved!',
  firstApplication: 'Milestone: your first rebate application!',
};

/** 02-tools §4: on 22 April and 22 October a glow and a special greeting appear after 3 s. */
export const SPECIAL_DAY_DELAY_MS = 3_000;

export function specialDayGreeting(date: Date): string | null {
  if (date.getMonth() === 3 && date.getDate() === 22) return 'Happy Earth Day!';
  if (date.getMonth() === 9 && date.getDate() === 22) return 'Happy Energy Day!';
  return null;
}
