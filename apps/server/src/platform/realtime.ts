import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import type { Logger } from './logger.ts';

/**
 * Live events between processes through PostgreSQL LISTEN/NOTIFY: a job in a worker process
 * publishes, the process holding a browser's SSE connection receives. On PGlite (one
 * process) notifications are delivered in-process by the same engine.
 *
 * The LISTEN connection is opened with the first subscriber and released with the last, so a
 * process without live clients holds no connection.
 */
export interface Realtime {
  publish(topic: string, data: unknown): Promise<void>;
  /**
   * Calls `handler` for every event on the topic until the returned function is called;
   * `onClosed` when the realtime channel shuts down (live streams should end then).
   */
  subscribe(topic: string, handler: (data: unknown) => void, onClosed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const REALTIME_CHANNEL = 'wattwise_events';
/** pg_notify payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7900;

type Envelope = { topic: string; data: unknown };
type Listener = { stop: () => Promise<void> };

export function createRealtime(database: Pick<Database, 'kind' | 'db' | 'execute'>, logger: Logger): Realtime {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const closeCallbacks = new Set<() => void>();
  let count = 0;
  let listener: Promise<Listener> | null = null;
  let closed = false;
  let reconnecting = false;

  /**
   * After the LISTEN connection was lost: tries again with backoff (0.25 s doubling to 10 s)
   * until it is back, as long as someone listens.
   */
  const reconnect = () => {
    if (reconnecting || closed) return;
    reconnecting = true;
    void (async () => {
      let delay = 250;
      while (!closed && count > 0) {
        try {
          await ensureListening();
          logger.info('realtime connection restored');
          break;
        } catch (error) {
          logger.warn({ err: error, retryInMs: delay }, 'realtime reconnect failed');
          await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay * 0.2).unref());
          delay = Math.min(delay * 2, 10_000);
        }
      }
      reconnecting = false;
    })();
  };

  const dispatch = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    for (const handler of handlers.get(envelope.topic) ?? []) {
      try {
        handler(envelope.data);
      } catch (error) {
        logger.warn({ err: error, topic: envelope.topic }, 'realtime handler failed');
      }
    }
  };

  const client = (database.db as unknown as { $client: unknown }).$client;

  const startListening = async (): Promise<Listener> => {
    if (database.kind === 'pglite') {
      const unlisten = await (client as PGlite).listen(REALTIME_CHANNEL, dispatch);
      return { stop: () => unlisten() };
    }
    // A dedicated connection: LISTEN holds on to the session that issued it.
    const connection = await (client as pg.Pool).connect();
    let broken = false;
    const onNotification = (msg: pg.Notification) => {
      if (msg.channel === REALTIME_CHANNEL && msg.payload) dispatch(msg.payload);
    };
    const onError = (error: Error) => {
      broken = true;
      logger.warn({ err: error }, 'realtime connection lost');
      listener = null;
      connection.release(error);
      // Events published while nothing listened are lost to open streams: end them, so browsers
      // reconnect and read the current state first (SSE inbox); meanwhile LISTEN is tried again.
      for (const callback of [...closeCallbacks]) callback();
      reconnect();
    };
    connection.on('notification', onNotification);
    connection.on('error', onError);
    await connection.query(`LISTEN ${REALTIME_CHANNEL}`);
    return {
      stop: async () => {
        if (broken) return;
        connection.off('notification', onNotification);
        connection.off('error', onError);
        try {
          await connection.query(`UNLISTEN ${REALTIME_CHANNEL}`);
          connection.release();
        } catch (error) {
          connection.release(error instanceof Error ? error : true);
        }
      },
    };
  };

  const ensureListening = () => {
    if (!listener) {
      listener = startListening().catch((error: unknown) => {
        listener = null;
        throw error;
      });
    }
    return listener;
  };

  const stopListening = async () => {
    const current = listener;
    listener = null;
    if (current) await (await current.catch(() => null))?.stop();
  };

  return {
    async publish(topic, data) {
      const payload = JSON.stringify({ topic, data } satisfies Envelope);
      if (payload.length > MAX_PAYLOAD) throw new Error(`Realtime payload too large for ${topic}`);
      await database.execute('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
    },
    async subscribe(topic, handler, onClosed) {
      if (closed) throw new Error('Realtime is closed');
      if (onClosed) closeCallbacks.add(onClosed);
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      count += 1;
      try {
        await ensureListening();
      } catch (error) {
        set.delete(handler);
        if (onClosed) closeCallbacks.delete(onClosed);
        count -= 1;
        throw error;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        if (onClosed) closeCallbacks.delete(onClosed);
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
        count -= 1;
        if (count === 0) await stopListening();
      };
    },
    async close() {
      closed = true;
      for (const callback of closeCallbacks) callback();
      closeCallbacks.clear();
      handlers.clear();
      count = 0;
      await stopListening();
    },
  };
}
