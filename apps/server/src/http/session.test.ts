import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { handleError } from './errors.ts';
import { ADMIN_REQUIRED, createAdminOnly, createSignedIn, SIGN_IN_REQUIRED, signedInUser } from './session.ts';
import type { AppEnv } from './types.ts';
import { createLogger } from '../platform/logger.ts';

function appWith(session: { userId: string } | null) {
  const lookup = vi.fn(() => Promise.resolve(session));
  const signedIn = createSignedIn({ db: {} as Db, lookup });
  const app = new Hono<AppEnv>();
  app.onError(handleError(createLogger({ level: 'silent' })));
  // Two routers' middlewares on one path: the session is still looked up once.
  app.use('/api/*', signedIn);
  app.get('/api/me', signedIn, (c) => c.json({ id: signedInUser(c).id }));
  app.get('/open/forgot-the-middleware', (c) => c.json({ id: signedInUser(c).id }));
  return { app, lookup };
}

describe('sign-in middleware', () => {
  it('looks the session up once per request and hands the user to the handler', async () => {
    const { app, lookup } = appWith({ userId: 'user-1' });
    const res = await app.request('/api/me', { headers: { cookie: 'session=abc' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'user-1' });
    expect(lookup).toHaveBeenCalledTimes(1);
    await app.request('/api/me', { headers: { cookie: 'session=abc' } });
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('answers 401 with the spec message without a session', async () => {
    const { app } = appWith(null);
    const res = await app.request('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED } });
  });

  it('fails closed when a route forgot the middleware', async () => {
    const { app, lookup } = appWith({ userId: 'user-1' });
    const res = await app.request('/open/forgot-the-middleware');
    expect(res.status).toBe(401);
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('admin middleware', () => {
  function adminApp(session: { userId: string; isAdmin: boolean } | null) {
    const app = new Hono<AppEnv>();
    app.onError(handleError(createLogger({ level: 'silent' })));
    const adminOnly = createAdminOnly({ db: {} as Db, lookup: () => Promise.resolve(session) });
    app.get('/api/admin/thing', adminOnly, (c) => c.json({ id: signedInUser(c).id }));
    return app;
  }

  it('lets an admin through with the user on the context', async () => {
    const res = await adminApp({ userId: 'admin-1', isAdmin: true }).request('/api/admin/thing');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'admin-1' });
  });

  it('answers 403 with the spec message to a user who is not an admin', async () => {
    const res = await adminApp({ userId: 'user-1', isAdmin: false }).request('/api/admin/thing');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: ADMIN_REQUIRED } });
  });

  it('answers 401 to a visitor', async () => {
    expect((await adminApp(null).request('/api/admin/thing')).status).toBe(401);
  });
});
