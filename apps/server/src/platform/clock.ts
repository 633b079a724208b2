/**
 * The time as the automation rules and the device simulator see it. Production uses the
 * system clock; tests (and a server started with TEST_CLOCK) use an adjustable one, so a time
 * rule can be made to fire without waiting for its hour.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type AdjustableClock = Clock & { set(instant: Date): void };

/** A clock that runs with real time from wherever it was last set. */
export function createAdjustableClock(): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set: (instant) => {
      offsetMs = instant.getTime() - Date.now();
    },
  };
}
