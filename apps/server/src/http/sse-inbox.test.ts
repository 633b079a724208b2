import type { SSEStreamingApi } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { openSseInbox } from './sse-inbox.ts';

/** The parts of hono's stream that openSseInbox uses, with an abort the test fires. */
function fakeStream() {
  const listeners: (() => void)[] = [];
  const stream = {
    aborted: false,
    closed: false,
    onAbort(listener: () => void) {
      listeners.push(listener);
    },
    write: () => Promise.resolve(stream),
    abort() {
      stream.aborted = true;
      for (const l of listeners) l();
    },
  };
  return stream;
}

describe('openSseInbox', () => {
  it('ends when the client left while the subscription was still being set up', async () => {
    const stream = fakeStream();
    let unsubscribed = false;
    const realtime = {
      subscribe: () => {
        // The client goes away while the subscription (a LISTEN on PostgreSQL) is in flight.
        stream.abort();
        return Promise.resolve(() => {
          unsubscribed = true;
          return Promise.resolve();
        });
      },
    };
    const inbox = await openSseInbox(stream as unknown as SSEStreamingApi, realtime, 'topic', 60_000);
    expect(await inbox.next()).toBeNull();
    await inbox.close();
    expect(unsubscribed).toBe(true);
  });

  it('ends when a write to the client fails', async () => {
    const stream = { ...fakeStream(), write: () => Promise.reject(new Error('gone')) };
    const realtime = { subscribe: () => Promise.resolve(() => Promise.resolve()) };
    const inbox = await openSseInbox(stream as unknown as SSEStreamingApi, realtime, 'topic', 60_000);
    expect(await inbox.next()).toBeNull();
    await inbox.close();
  });

  it('hands on what is published while the client stays', async () => {
    const stream = fakeStream();
    let publish: (data: unknown) => void = () => undefined;
    const realtime = {
      subscribe: (_topic: string, onMessage: (data: unknown) => void) => {
        publish = onMessage;
        return Promise.resolve(() => Promise.resolve());
      },
    };
    const inbox = await openSseInbox<string>(stream as unknown as SSEStreamingApi, realtime, 'topic', 60_000);
    publish('hello');
    expect(await inbox.next()).toBe('hello');
    stream.abort();
    expect(await inbox.next()).toBeNull();
    await inbox.close();
  });
});
