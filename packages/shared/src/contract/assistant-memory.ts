import { z } from 'zod';

/**
 * The floating assistant's memory (02-tools §3 'Assistant memory'): kept in
 * `user_preferences.notification_preferences.aiMemory` for a signed-in user, in local storage for
 * a visitor. The client writes what it remembers of the visitor's use of the bubble; the
 * milestones reached and the savings figure behind them are written by the server only, from
 * the user's own records (decision 092).
 */

export const PERSONALITY_IDS = ['bolt', 'lumi', 'wattson'] as const;
export type PersonalityId = (typeof PERSONALITY_IDS)[number];

/** 02-tools §4 'Milestones': each fires confetti once. */
export const MILESTONE_IDS = ['saved100', 'firstApplication'] as const;
export type MilestoneId = (typeof MILESTONE_IDS)[number];

/** Savings (dollars a year) at which the '$100 saved' milestone fires. */
export const SAVED_MILESTONE_DOLLARS = 100;

const time = z.number().int().nonnegative().max(8_640_000_000_000);

/** What the bubble may write (PUT /api/assistant/memory merges any subset of it). */
export const aiMemoryUpdateSchema = z
  .object({
    preferredPersonality: z.enum(PERSONALITY_IDS),
    greetingSeen: z.boolean(),
    dismissedAt: time.nullable().meta({ description: 'When the bubble was last dismissed (ms since the epoch); it stays hidden for an hour' }),
    dismissCount: z.number().int().min(0).max(1_000_000),
    lastInteraction: time.nullable(),
    lastVisitedPage: z.string().max(300).regex(/^\//).nullable(),
    lastZipCode: z.string().regex(/^\d{5}$/).nullable(),
    location: z.object({ city: z.string().max(100).nullable(), state: z.string().min(2).max(40) }).nullable(),
    lastRebateType: z.string().max(60).nullable(),
    completedSteps: z.array(z.string().max(40)).max(20),
    emailSignup: z.boolean(),
    emailPreferences: z.record(z.string().max(40), z.boolean()),
  })
  .partial()
  .strict()
  .meta({ id: 'AiMemoryUpdate' });
export type AiMemoryUpdate = z.infer<typeof aiMemoryUpdateSchema>;

export const aiMemorySchema = z
  .object({
    ...aiMemoryUpdateSchema.required().shape,
    milestonesAchieved: z.array(z.enum(MILESTONE_IDS)).meta({ description: 'Milestones already celebrated (written by the server)' }),
    totalSavings: z.number().nullable().meta({ description: "Estimated yearly savings of the recommendations the user marked implemented, in dollars (written by the server); null for a visitor" }),
  })
  .meta({ id: 'AiMemory' });
export type AiMemory = z.infer<typeof aiMemorySchema>;

export const DEFAULT_AI_MEMORY: AiMemory = {
  preferredPersonality: 'bolt',
  greetingSeen: false,
  dismissedAt: null,
  dismissCount: 0,
  lastInteraction: null,
  lastVisitedPage: null,
  lastZipCode: null,
  location: null,
  lastRebateType: null,
  completedSteps: [],
  emailSignup: false,
  emailPreferences: {},
  milestonesAchieved: [],
  totalSavings: null,
};

/** Whatever was stored (older, partial or hand-edited), as a whole memory: a field that does not fit falls back to its default. */
export function normaliseMemory(raw: unknown): AiMemory {
  const stored = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const memory: Record<string, unknown> = { ...DEFAULT_AI_MEMORY };
  for (const [key, field] of Object.entries(aiMemorySchema.shape)) {
    if (!(key in stored)) continue;
    const parsed = (field as z.ZodType).safeParse(stored[key]);
    if (parsed.success) memory[key] = parsed.data;
  }
  return memory as AiMemory;
}

/** Steps the bubble records in `completedSteps` (once each). */
export const ASSISTANT_STEPS = ['chose-personality', 'set-location', 'asked-question', 'used-quick-action'] as const;

export function withStep(steps: readonly string[], step: (typeof ASSISTANT_STEPS)[number]): string[] {
  return steps.includes(step) ? [...steps] : [...steps, step].slice(-20);
}

/**
 * The milestones newly reached. Savings count only when they are the user's real figure (null:
 * a visitor, so the $100 milestone never fires on example data).
 */
export function newMilestones(input: { totalSavings: number | null; applications: number }, achieved: readonly string[]): MilestoneId[] {
  const reached: MilestoneId[] = [];
  if (input.totalSavings !== null && input.totalSavings >= SAVED_MILESTONE_DOLLARS) reached.push('saved100');
  if (input.applications >= 1) reached.push('firstApplication');
  return reached.filter((m) => !achieved.includes(m));
}

export const aiMemoryResponseSchema = z.object({ memory: aiMemorySchema }).meta({ id: 'AiMemoryResponse' });
export type AiMemoryResponse = z.infer<typeof aiMemoryResponseSchema>;

export const milestoneCheckSchema = z
  .object({
    reached: z.array(z.enum(MILESTONE_IDS)).meta({ description: 'Reached just now: celebrate these (each is returned once per user, ever)' }),
    totalSavings: z.number().meta({ description: 'Estimated yearly savings of the recommendations marked implemented, dollars' }),
    applications: z.number().int().meta({ description: 'Rebate applications in the tracker' }),
    memory: aiMemorySchema,
  })
  .meta({ id: 'MilestoneCheck' });
export type MilestoneCheck = z.infer<typeof milestoneCheckSchema>;
