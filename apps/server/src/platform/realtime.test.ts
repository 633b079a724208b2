import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { createLogger } from './logger.ts';
import { createRealtime, type Realtime } from './realtime.ts';

// Also on PostgreSQL: LISTEN/NOTIFY over a connection of its own.

const logger = createLogger({ level: 'silent' });
let drop: () => Promise<void>;
let first: Database;
let second: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  first = await createDatabase(test.options);
  // On PostgreSQL a second pool stands for a second server process; PGlite serves one process.
  second = first.kind === 'postgres' ? await createDatabase(test.options) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await drop();
});

function nextEvent(realtime: Realtime, topic: string) {
  return new Promise<{ data: unknown; stop: () => Promise<void> }>((resolve, reject) => {
    let stop: () => Promise<void> = () => Promise.resolve();
    const timer = setTimeout(() => reject(new Error(`no event on ${topic}`)), 5_000);
    realtime
      .subscribe(topic, (data) => {
        clearTimeout(timer);
        resolve({ data, stop });
      })
      .then((s) => (stop = s), reject);
  });
}

describe('realtime over LISTEN/NOTIFY', () => {
  it('delivers an event published by another process to the subscribers of its topic only', async () => {
    const publisher = createRealtime(second, logger);
    const listener = createRealtime(first, logger);
    const received: unknown[] = [];
    const stopOther = await listener.subscribe('bill:other', (data) => received.push(data));
    const waiting = nextEvent(listener, 'bill:1');
    await new Promise((r) => setTimeout(r, 50)); // the LISTEN is in place once subscribe resolved
    await publisher.publish('bill:1', { status: 'processing', progress: 50 });
    const event = await waiting;
    expect(event.data).toEqual({ status: 'processing', progress: 50 });
    expect(received).toEqual([]);
    await event.stop();
    await stopOther();
    await listener.close();
    await publisher.close();
  });

  it('tells live subscribers when it shuts down', async () => {
    const realtime = createRealtime(first, logger);
    let ended = 0;
    await realtime.subscribe('bill:2', () => undefined, () => (ended += 1));
    const stop = await realtime.subscribe('bill:3', () => undefined, () => (ended += 10));
    await stop(); // unsubscribed streams are not told
    await realtime.close();
    expect(ended).toBe(1);
    await expect(realtime.subscribe('bill:2', () => undefined)).rejects.toThrow(/closed/);
  });

  it('refuses a payload too large for NOTIFY', async () => {
    const realtime = createRealtime(first, logger);
    await expect(realtime.publish('bill:1', { text: 'x'.repeat(9000) })).rejects.toThrow(/too large/);
    await realtime.close();
  });
});
