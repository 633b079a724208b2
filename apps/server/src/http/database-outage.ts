import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/client.ts';
import { databaseUnavailableResponse } from './errors.ts';

/**
 * Turns a 5xx answered while the database is unreachable into 503 with Retry-After, whoever
 * built it (our error handler already does; better-auth answers its own 500s). The database is
 * probed only after such an answer, at most once a second.
 */
export function answerDatabaseOutagesWith503(database: Pick<Database, 'execute'>, probeTimeoutMs = 2000): MiddlewareHandler {
  let checkedAt = 0;
  let down = false;
  let probing: Promise<boolean> | null = null;
  const probe = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.execute('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database probe timed out')), probeTimeoutMs);
        }),
      ]);
      return false;
    } catch {
      return true;
    } finally {
      clearTimeout(timer);
    }
  };
  const isDown = (): Promise<boolean> => {
    if (Date.now() - checkedAt < 1000) return Promise.resolve(down);
    probing ??= probe().then((result) => {
      down = result;
      checkedAt = Date.now();
      probing = null;
      return result;
    });
    return probing;
  };
  return async (c, next) => {
    await next();
    if (c.res.status >= 500 && c.res.status !== 503 && c.res.status !== 507 && (await isDown())) c.res = databaseUnavailableResponse();
  };
}
