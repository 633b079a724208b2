/** Ticker timings of 01-core §9. */
export const TICKER_STEP_MS = 3000;
export const NOTICE_EVERY_MS = 5000;
export const NOTICE_VISIBLE_MS = 3000;

/** The next ticker value: the current one plus a whole number from 1 to 10 (`random` in [0, 1)). */
export function nextTickerValue(current: number, random: number): number {
  const step = Math.min(10, Math.max(1, Math.floor(random * 10) + 1));
  return current + step;
}
