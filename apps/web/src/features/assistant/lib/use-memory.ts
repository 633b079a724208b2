import type { AiMemoryResponse, AiMemoryUpdate, MilestoneCheck, MilestoneId } from '@wattwise/shared/contract/assistant-memory';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { type AssistantMemory, clientFields, isUnused, readMemory, writeMemory } from './memory.ts';

/** Changes are sent together after this pause (a page change and a click count as one write). */
const SAVE_DELAY_MS = 800;
/** Milestones are checked on load and at most this often as the user moves between pages. */
const MILESTONE_CHECK_MS = 30_000;

/**
 * The assistant's memory: local storage for a visitor; for a signed-in user the server's copy
 * (user_preferences.notification_preferences.aiMemory), cached locally. `loaded` turns true once
 * the memory to go by is known (at once for a visitor).
 */
export function useAssistantMemory(options: { isAuthenticated: boolean; authLoading: boolean }) {
  const { isAuthenticated, authLoading } = options;
  const [memory, setMemory] = useState<AssistantMemory>(readMemory);
  const [serverLoaded, setServerLoaded] = useState(false);
  const pending = useRef<AiMemoryUpdate>({});
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const change = pending.current;
    pending.current = {};
    if (Object.keys(change).length) void apiRequest<AiMemoryResponse>('/api/assistant/memory', { method: 'PUT', body: change }).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!isAuthenticated) return;
    let cancelled = false;
    void (async () => {
      try {
        let { memory: stored } = await apiRequest<AiMemoryResponse>('/api/assistant/memory');
        const local = readMemory();
        // First use while signed in: what the visitor chose on this device comes along.
        if (isUnused(stored) && !isUnused(local)) stored = (await apiRequest<AiMemoryResponse>('/api/assistant/memory', { method: 'PUT', body: clientFields(local) })).memory;
        if (cancelled) return;
        writeMemory(stored);
        setMemory(stored);
      } catch {
        // the local copy stands in until the next page load
      } finally {
        if (!cancelled) setServerLoaded(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [isAuthenticated]);

  useEffect(() => () => flush(), [flush]);

  /** Merges a change into the memory; `touch` records it as an interaction. */
  const remember = useCallback(
    (change: AiMemoryUpdate, touch = true) => {
      const update: AiMemoryUpdate = touch ? { ...change, lastInteraction: Date.now() } : change;
      // Read fresh: other tabs write it too.
      const next = { ...readMemory(), ...update };
      writeMemory(next);
      setMemory(next);
      if (!isAuthenticated) return;
      pending.current = { ...pending.current, ...update };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, SAVE_DELAY_MS);
    },
    [isAuthenticated, flush],
  );

  /** The server's view after a milestone check (it owns the milestones and the savings figure). */
  const adopt = useCallback((server: AssistantMemory) => {
    const next = { ...readMemory(), milestonesAchieved: server.milestonesAchieved, totalSavings: server.totalSavings };
    writeMemory(next);
    setMemory(next);
  }, []);

  const loaded = !authLoading && (!isAuthenticated || serverLoaded);
  return { memory, remember, adopt, loaded };
}

/**
 * Milestones reached since the last check (signed-in users only: a visitor has no real savings or
 * applications). The server records each as it returns it, so each is celebrated once.
 */
export function useMilestones(options: { isAuthenticated: boolean; pathname: string; onReached: (reached: MilestoneId[], check: MilestoneCheck) => void }) {
  const { isAuthenticated, pathname, onReached } = options;
  const lastCheck = useRef(0);
  const [check, setCheck] = useState<MilestoneCheck | null>(null);
  useEffect(() => {
    if (!isAuthenticated || Date.now() - lastCheck.current < MILESTONE_CHECK_MS) return;
    lastCheck.current = Date.now();
    void apiRequest<MilestoneCheck>('/api/assistant/milestones', { method: 'POST' })
      .then((result) => {
        setCheck(result);
        onReached(result.reached, result);
      })
      .catch(() => undefined);
  }, [isAuthenticated, pathname, onReached]);
  return check;
}
