import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, postJson, type TestContext } from '../../test/test-app.ts';
import { AUTH_ENDPOINTS_IN_USE } from './auth.routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Endpoint = { path?: string; options?: { method?: string | string[] } };

/** Every endpoint better-auth (with our plugins) would serve: method and path under /api/auth. */
function betterAuthEndpoints(): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const endpoint of Object.values(ctx.auth.api as Record<string, Endpoint>)) {
    if (typeof endpoint.path !== 'string') continue; // server-only helpers have no HTTP path
    const methods = endpoint.options?.method;
    for (const method of Array.isArray(methods) ? methods : [methods ?? 'GET']) {
      if (method !== '*') out.push({ method, path: endpoint.path.replace(/:(\w+)/g, 'x-$1') });
    }
  }
  return out;
}

const inUse = (method: string, path: string) => AUTH_ENDPOINTS_IN_USE.some((e) => e.method === method && e.path.test(path));

describe('better-auth endpoints', () => {
  it('answer 404 unless the product uses them (admin plugin, user updates, sessions…)', async () => {
    const endpoints = betterAuthEndpoints();
    const unused = endpoints.filter((e) => !inUse(e.method, e.path));
    expect(endpoints.length).toBeGreaterThan(30);
    expect(unused.length).toBeGreaterThan(25);
    for (const { method, path } of unused) {
      const res = method === 'GET' ? await ctx.app.request(`/api/auth${path}`) : await postJson(ctx.app, `/api/auth${path}`, {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // The ones in use still answer.
    expect((await ctx.app.request('/api/auth/get-session')).status).toBe(200);
    expect((await postJson(ctx.app, '/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' })).status).toBe(200);
  });

  it('the API reference documents exactly the ones in use', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice('/api/auth'.length).replace(/\{(\w+)\}/g, 'x-$1')}`));
    expect(documented.every((e) => inUse(e.split(' ')[0] ?? '', e.split(' ')[1] ?? ''))).toBe(true);
    expect(documented).toHaveLength(AUTH_ENDPOINTS_IN_USE.length);
    // Every endpoint in use is one better-auth really has.
    const real = betterAuthEndpoints();
    for (const entry of AUTH_ENDPOINTS_IN_USE) expect(real.some((e) => e.method === entry.method && entry.path.test(e.path)), String(entry.path)).toBe(true);
  });
});
