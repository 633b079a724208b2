import type { SSEStreamingApi } from 'hono/streaming';
import type { Realtime } from '../platform/realtime.ts';
import { RateLimitedError } from './errors.ts';

/** How long a browser whose stream ended (a server restarting) waits before reconnecting. */
export const SSE_RECONNECT_MS = 15_000;

/**
 * A realtime topic read as a queue inside a Server-Sent Events stream: subscribes, tells the
 * browser to wait `SSE_RECONNECT_MS` before reconnecting (so a closing server is not kept busy by
 * instant reconnections), keeps the stream open with a comment every `heartbeatMs`, and ends when
 * the client goes away or the realtime channel closes (a server shutting down). `next()` answers
 * null once it has ended; `close()` stops the heartbeat and unsubscribes.
 */
export async function openSseInbox<T>(stream: SSEStreamingApi, realtime: Pick<Realtime, 'subscribe'>, topic: string, heartbeatMs: number) {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const stop = () => {
    closed = true;
    wake?.();
  };
  const unsubscribe = await realtime.subscribe(
    topic,
    (data) => {
      queue.push(data as T);
      wake?.();
    },
    stop,
  );
  stream.onAbort(stop);
  // A client that left while the subscription was being set up fired its abort before onAbort
  // was registered: without this check its stream (and its slot) would stay open for ever.
  if (stream.aborted || stream.closed) stop();
  await stream.write(`retry: ${SSE_RECONNECT_MS}\n\n`).catch(stop);
  const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n').catch(stop), heartbeatMs);
  return {
    /** Puts an item first (the current state, read after subscribing so no update falls between). */
    unshift(item: T) {
      queue.unshift(item);
    },
    async next(): Promise<T | null> {
      while (!closed) {
        const item = queue.shift();
        if (item !== undefined) return item;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      return null;
    },
    async close() {
      clearInterval(heartbeat);
      await unsubscribe();
    },
  };
}

/** Live streams one account may hold open at once in this process (tabs × streams per page, with room to spare). */
export const SSE_STREAMS_PER_USER = 12;
const openStreams = new Map<string, number>();

/**
 * Counts a user's open Server-Sent Events streams: beyond SSE_STREAMS_PER_USER a new one is
 * refused (429) before it opens, so one account cannot hold the server's connections and
 * realtime subscriptions. Wrap the stream's body with it; the count drops when the body ends.
 */
export function perUserStream(userId: string, run: (stream: SSEStreamingApi) => Promise<void>, max = SSE_STREAMS_PER_USER): (stream: SSEStreamingApi) => Promise<void> {
  const open = openStreams.get(userId) ?? 0;
  if (open >= max) throw new RateLimitedError(`Too many live connections for this account (at most ${max}). Close a tab and try again.`, 30);
  openStreams.set(userId, open + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left <= 0) openStreams.delete(userId);
    else openStreams.set(userId, left);
  };
  return async (stream) => {
    try {
      await run(stream);
    } finally {
      release();
    }
  };
}
