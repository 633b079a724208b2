// One account cannot hold more than SSE_STREAMS_PER_USER live streams open (issue 27).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSE_STREAMS_PER_USER } from '../http/sse-inbox.ts';
import { signedInUser } from './assistant.test-support.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Also on PostgreSQL: live streams counted across connections.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('live streams per user', () => {
  it('refuses a stream past the cap with 429, counts per user, and frees a slot when a stream closes', async () => {
    const alice = await signedInUser(ctx);
    const bob = await signedInUser(ctx);
    const open = (cookie: string, path: string) => ctx.app.request(path, { headers: { cookie } });
    const streams: Response[] = [];
    for (let i = 0; i < SSE_STREAMS_PER_USER; i += 1) {
      const res = await open(alice.cookie, i % 2 ? '/api/notifications/events' : '/api/iot/events');
      expect(res.status).toBe(200);
      streams.push(res);
    }
    const over = await open(alice.cookie, '/api/notifications/events');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('30');
    // Another user is not held back by Alice's streams.
    const bobs = await open(bob.cookie, '/api/notifications/events');
    expect(bobs.status).toBe(200);
    await bobs.body?.cancel();
    // Closing one of Alice's streams frees its slot.
    await streams.pop()?.body?.cancel();
    await expect.poll(async () => {
      const res = await open(alice.cookie, '/api/notifications/events');
      if (res.status === 200) streams.push(res);
      return res.status;
    }, { timeout: 20_000 }).toBe(200);
    for (const s of streams) await s.body?.cancel();
  });
});
