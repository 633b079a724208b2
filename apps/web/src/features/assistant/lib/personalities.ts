import type { PersonalityId } from '@wattwise/shared/contract/assistant-memory';

export type { PersonalityId };

export type Personality = {
  id: PersonalityId;
  name: string;
  tagline: string;
  emoji: string;
  greeting: string;
  /** Opens each answer in this personality's voice (the answer itself comes from the user's data). */
  answerOpener: string;
  thinking: string;
  signOff: string;
};

/** 02-tools §1: the global assistant's three personalities, each with its own voice. */
export const PERSONALITIES: Record<PersonalityId, Personality> = {
  bolt: {
    id: 'bolt',
    name: 'Bolt',
    tagline: 'Tech-savvy and fast',
    emoji: '⚡',
    greeting: "Hey, Bolt here! Let's find your savings fast.",
    answerOpener: 'Quick answer:',
    thinking: 'Crunching that at full speed...',
    signOff: 'Want me to dig into anything else?',
  },
  lumi: {
    id: 'lumi',
    name: 'Lumi',
    tagline: 'Eco-conscious and friendly',
    emoji: '🌱',
    greeting: "Hi, I'm Lumi! Let's save energy and money together.",
    answerOpener: "Here's what I found for you:",
    thinking: 'Let me take a gentle look...',
    signOff: 'Every kilowatt-hour saved helps the planet too!',
  },
  wattson: {
    id: 'wattson',
    name: 'Wattson',
    tagline: 'Nerdy and analytical',
    emoji: '🤓',
    greeting: 'Greetings! Wattson here. Shall we examine the numbers?',
    answerOpener: 'By the numbers:',
    thinking: 'Analysing the data...',
    signOff: 'The data never lies.',
  },
};

export const PERSONALITY_IDS = Object.keys(PERSONALITIES) as PersonalityId[];

/** 02-tools §2.1: the assistant's quick actions and where they go. */
export const QUICK_ACTIONS = [
  { label: 'Check my smart home score', to: '/smart-home?action=score' },
  { label: 'See upgrade ideas', to: '/smart-home?section=upgrades' },
  { label: 'Connect a device', to: '/smart-home?action=connect' },
  { label: 'Energy-saving tips', to: '/dashboard?section=tips' },
  { label: 'My usage trends', to: '/dashboard?section=trends' },
  { label: 'Set a savings goal', to: '/dashboard?action=goals' },
  { label: 'Apply for rebates', to: '/rebates?action=apply' },
] as const;

export const QUICK_QUESTIONS = ['What was my highest bill?', 'Why was my last bill higher?', 'How can I lower my bill?', 'What rebates can I get?'] as const;

/** 02-tools §9 'Global assistant' timings. */
export const GREETING_DELAY_MS = 2_000;
export const GREETING_VISIBLE_MS = 6_000;
export const DISMISS_MS = 60 * 60 * 1000;
export const IDLE_NUDGE_MS = 30_000;
export const THINKING_MIN_MS = 1_500;

/** 02-tools §9: monthly usage × 0.15 × 12 × 0.12, rounded down. */
export function savingsEstimate(monthlyKwh: number): number {
  return Math.floor(monthlyKwh * 0.15 * 12 * 0.12);
}

/** 02-tools §9: the goal suggestion is 85% of monthly usage. */
export function goalSuggestion(monthlyKwh: number): number {
  return Math.round(monthlyKwh * 0.85);
}

/** 02-tools §3 'Global assistant' demo user data, shown labelled as an example when the user has no bills. */
export const EXAMPLE_MONTHLY_KWH = 1200;
