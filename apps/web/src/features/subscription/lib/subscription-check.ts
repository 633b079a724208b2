/** Subscription check timings of 01-core §9: every 10 minutes; 3 silent retries from 2 s doubling to at most 60 s. */
export const SUBSCRIPTION_CHECK = {
  refreshMs: 10 * 60_000,
  retries: 3,
  retryBaseMs: 2000,
  retryMaxMs: 60_000,
} as const;

/** The wait before retry number `attempt` (1-based): 2 s, 4 s, 8 s… never over 60 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(SUBSCRIPTION_CHECK.retryBaseMs * 2 ** (attempt - 1), SUBSCRIPTION_CHECK.retryMaxMs);
}

/** Only the first check after sign-in and a check the user asked for may show an error toast (01-core §4). */
export function shouldToastFailure(trigger: 'initial' | 'interval' | 'manual' | 'retry' | 'confirm'): boolean {
  return trigger === 'initial' || trigger === 'manual';
}

/**
 * The message of a failed check, in the spec's order (01-core §8): a string, an error's message,
 * an `error` string or its message, else 'Unknown error'.
 */
export function errorMessageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'error' in error) {
    const inner = error.error;
    if (typeof inner === 'string') return inner;
    if (inner && typeof inner === 'object' && 'message' in inner && typeof inner.message === 'string') return inner.message;
  }
  return 'Unknown error';
}
