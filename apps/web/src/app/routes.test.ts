import { matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { appRoutes } from './app-routes.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { patchRoutesOnNavigation, routes, SCREENS_ROUTE_ID } from './routes.tsx';

/** The table after the first navigation to a screen: routes.tsx with app-routes.tsx patched in, as React Router does. */
let table: RouteObject[] = [];
beforeAll(async () => {
  const copy = (route: RouteObject): RouteObject => ({ ...route, children: route.children?.map(copy) }) as RouteObject;
  table = routes.map(copy);
  const addTo = (list: RouteObject[], id: string | null, children: RouteObject[]): boolean =>
    list.some((route) => {
      if (route.id !== id) return addTo(route.children ?? [], id, children);
      route.children = [...(route.children ?? []), ...children];
      return true;
    });
  let patched = 0;
  await patchRoutesOnNavigation({ patch: (id, children) => (patched += Number(addTo(table, id, children))) });
  expect(patched).toBe(1);
});

/** Every path of the route table in 02-tools §2.1. */
const SPEC_PATHS = [
  '/', '/home', '/homepage', '/payment', '/pay', '/upload', '/bill-upload', '/how-it-works', '/pricing', '/dashboard',
  '/admin', '/contact', '/support', '/rebates', '/bill-search', '/smart-home', '/smart-dashboard', '/regional-savings',
  '/roi-calculator', '/ml-analytics', '/notifications', '/applications', '/iot-dashboard', '/gamification',
  '/ai-assistant', '/calendar-scheduling', '/backend-status', '/platform-dashboard', '/assessment-diagnostic',
  '/email-test', '/recaptcha-test', '/database-status', '/feedback-analysis', '/auth/callback', '/terms',
  '/terms-of-service', '/privacy', '/privacy-policy', '/compliance', '/marketing-disclosure', '/data-transfer-agreement',
  '/refund-policy', '/cancellation-policy', '/investment-disclaimer', '/faq', '/frequently-asked-questions',
  '/payment-dashboard', '/payment-success', '/payment-canceled',
];

function leafFor(path: string) {
  const matches = matchRoutes(table, path) ?? [];
  return matches[matches.length - 1]?.route;
}

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s explicitly, not through the catch-all', (path) => {
    const leaf = leafFor(path);
    expect(leaf).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it('starts with the marketing, help and legal pages only; other screens join on the first navigation to one', () => {
    const first = (path: string) => (matchRoutes(routes, path) ?? []).at(-1)?.route.path;
    expect(first('/pricing')).toBe('/pricing');
    expect(first('/terms')).toBe('/terms');
    expect(first('/dashboard')).toBe('*');
    expect(routes.some(function has(route): boolean { return route.id === SCREENS_ROUTE_ID || (route.children ?? []).some(has); })).toBe(true);
    expect(appRoutes.some((route) => route.path === '/dashboard')).toBe(true);
  });

  it('sends unknown paths to the not-found screen', async () => {
    const leaf = leafFor('/no-such-page');
    expect(leaf?.path).toBe('*');
    const lazy = leaf?.lazy as (() => Promise<{ Component?: unknown }>) | undefined;
    expect((await lazy?.())?.Component).toBe(NotFoundRoute);
  });

  it('gives every page an error element above it', () => {
    for (const path of [...SPEC_PATHS, '/no-such-page']) {
      const matches = matchRoutes(table, path) ?? [];
      expect(matches.slice(0, -1).some((m) => m.route.errorElement != null)).toBe(true);
    }
  });
});
