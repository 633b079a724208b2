/**
 * The live demo (01-core §4): four stages at 15, 45, 75 and 100 %, each animated for 2 s with a
 * 0.5 s pause after it, then the example result and the 'Demo Complete!' toast.
 */
export const DEMO_STAGES = [
  { title: 'Bill Analysis Starting', progress: 15 },
  { title: 'Data Processing', progress: 45 },
  { title: 'Optimization Analysis', progress: 75 },
  { title: 'Savings Calculated', progress: 100 },
] as const;

export const STAGE_ANIMATION_MS = 2000;
export const STAGE_PAUSE_MS = 500;

export const DEMO_TOAST = {
  title: 'Demo Complete!',
  description: 'Upload your actual bill to see real savings opportunities.',
} as const;

export type DemoState = { status: 'idle' } | { status: 'running'; stage: number } | { status: 'complete' };

/** When each stage starts, and when the demo completes, in ms after the start. */
export function demoSchedule(): { stageStarts: number[]; completeAt: number } {
  const slot = STAGE_ANIMATION_MS + STAGE_PAUSE_MS;
  const stageStarts = DEMO_STAGES.map((_, i) => i * slot);
  return { stageStarts, completeAt: DEMO_STAGES.length * slot };
}

/** The demo's state `elapsed` ms after it started. */
export function demoStateAt(elapsed: number): DemoState {
  const { stageStarts, completeAt } = demoSchedule();
  if (elapsed < 0) return { status: 'idle' };
  if (elapsed >= completeAt) return { status: 'complete' };
  let stage = 0;
  for (let i = 0; i < stageStarts.length; i += 1) if (elapsed >= (stageStarts[i] ?? 0)) stage = i;
  return { status: 'running', stage };
}
