import type { PersonalityId } from './personalities.ts';

/** 02-tools §3 'Assistant memory' (the fields this assistant uses), kept in local storage. */
export type AssistantMemory = {
  preferredPersonality: PersonalityId;
  greetingSeen: boolean;
  dismissedAt: number | null;
  dismissCount: number;
  lastInteraction: number | null;
  lastVisitedPage: string | null;
  lastZipCode: string | null;
  milestonesAchieved: string[];
  location: { city: string | null; state: string } | null;
};

const KEY = 'wattwise.assistant.memory';

export const DEFAULT_MEMORY: AssistantMemory = {
  preferredPersonality: 'bolt',
  greetingSeen: false,
  dismissedAt: null,
  dismissCount: 0,
  lastInteraction: null,
  lastVisitedPage: null,
  lastZipCode: null,
  milestonesAchieved: [],
  location: null,
};

export function readMemory(): AssistantMemory {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<AssistantMemory>) : {};
    const personality = parsed.preferredPersonality;
    return {
      ...DEFAULT_MEMORY,
      ...parsed,
      milestonesAchieved: Array.isArray(parsed.milestonesAchieved) ? parsed.milestonesAchieved.filter((m) => typeof m === 'string') : [],
      preferredPersonality: personality === 'lumi' || personality === 'wattson' ? personality : 'bolt',
    };
  } catch {
    return DEFAULT_MEMORY;
  }
}

export function writeMemory(memory: AssistantMemory): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    // storage full or blocked: the assistant still works, it just forgets
  }
}
