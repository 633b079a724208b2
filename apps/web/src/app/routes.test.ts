import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundRoute } from './routes/not-found.tsx';
import { routes } from './routes.tsx';

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
  const matches = matchRoutes(routes, path) ?? [];
  return matches[matches.length - 1]?.route;
}

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s explicitly, not through the catch-all', (path) => {
    const leaf = leafFor(path);
    expect(leaf).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it('sends unknown paths to the not-found screen', async () => {
    const leaf = leafFor('/no-such-page');
    expect(leaf?.path).toBe('*');
    const lazy = leaf?.lazy as (() => Promise<{ Component?: unknown }>) | undefined;
    expect((await lazy?.())?.Component).toBe(NotFoundRoute);
  });

  it('gives every page an error element above it', () => {
    for (const path of [...SPEC_PATHS, '/no-such-page']) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.slice(0, -1).some((m) => m.route.errorElement != null)).toBe(true);
    }
  });
});
