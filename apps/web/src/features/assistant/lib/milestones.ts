/** 02-tools §4 'Milestones': each fires confetti once; the memory keeps which were reached. */
export type MilestoneId = 'saved100' | 'firstApplication';

export const MILESTONE_TEXT: Record<MilestoneId, string> = {
  saved100: 'Milestone: $100 saved!',
  firstApplication: 'Milestone: your first rebate application!',
};

/**
 * The milestones newly reached. Savings count only when they are the user's real figure (null:
 * not tracked yet, so the $100 milestone never fires on example data).
 */
export function newMilestones(input: { totalSavings: number | null; applications: number }, achieved: readonly string[]): MilestoneId[] {
  const reached: MilestoneId[] = [];
  if (input.totalSavings !== null && input.totalSavings >= 100) reached.push('saved100');
  if (input.applications >= 1) reached.push('firstApplication');
  return reached.filter((m) => !achieved.includes(m));
}

/** 02-tools §4: on 22 April and 22 October a glow and a special greeting appear after 3 s. */
export const SPECIAL_DAY_DELAY_MS = 3_000;

export function specialDayGreeting(date: Date): string | null {
  if (date.getMonth() === 3 && date.getDate() === 22) return 'Happy Earth Day!';
  if (date.getMonth() === 9 && date.getDate() === 22) return 'Happy Energy Day!';
  return null;
}
