import type { SSEStreamingApi } from 'hono/streaming';
import type { Realtime } from '../platform/realtime.ts';

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
  await stream.write(`retry: ${SSE_RECONNECT_MS}\n\n`).catch(() => undefined);
  const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => undefined), heartbeatMs);
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
