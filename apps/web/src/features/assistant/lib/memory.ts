import { type AiMemory, DEFAULT_AI_MEMORY, normaliseMemory } from '@wattwise/shared/contract/assistant-memory';

/**
 * 02-tools §3 'Assistant memory'. Local storage holds a visitor's memory, and a signed-in user's
 * last known copy (so the bubble opens in the right voice before the server answers); the
 * signed-in user's memory itself lives on the server (`use-memory.ts`).
 */
export type AssistantMemory = AiMemory;

const KEY = 'wattwise.assistant.memory';

export const DEFAULT_MEMORY: AssistantMemory = DEFAULT_AI_MEMORY;

export function readMemory(): AssistantMemory {
  try {
    const raw = window.localStorage.getItem(KEY);
    return normaliseMemory(raw ? JSON.parse(raw) : {});
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

/** The memory fields the client writes (the server owns the milestones and the savings behind them). */
export function clientFields(memory: AssistantMemory) {
  const { milestonesAchieved: _milestones, totalSavings: _savings, ...fields } = memory;
  return fields;
}

/** A memory that was never used: a first sign-in carries the visitor's choices over to it. */
export function isUnused(memory: AssistantMemory): boolean {
  return memory.lastInteraction === null;
}
