import { RateLimitedError } from './errors.ts';

/**
 * A sliding-window limit per key (an account, or a client address), kept in this process (the
 * HTTP server is one process; `--worker` serves no requests). `hit` records one request or
 * throws 429 with Retry-After: the seconds until the oldest request in the window leaves it.
 */
export function createRateLimiter(options: { max: number; windowSeconds: number; message: string; maxKeys?: number }) {
  const windowMs = options.windowSeconds * 1000;
  const maxKeys = options.maxKeys ?? 10_000;
  const hits = new Map<string, number[]>();
  return {
    hit(key: string, now = Date.now()): void {
      const recent = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
      const oldest = recent[0];
      if (recent.length >= options.max && oldest !== undefined) {
        throw new RateLimitedError(options.message, Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
      }
      recent.push(now);
      hits.delete(key);
      hits.set(key, recent);
      // The least recently seen keys go first when the table is full.
      while (hits.size > maxKeys) hits.delete(hits.keys().next().value ?? '');
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
