import type { Page } from 'playwright-core';
import { type AxeViolation, axeViolations, COLOUR_RULES, TOASTS } from './axe.ts';

// The accessibility pass of issue 28: every route of the spec's route table (02-tools §2.1), each
// as the role that may open it, scanned by axe in the light and in the dark theme on one page load.

/** Pages anyone opens, and a signed-in screen as a visitor sees it (the sign-in gate). */
export const VISITOR_AXE_ROUTES = [
  '/', '/how-it-works', '/pricing', '/contact', '/support', '/rebates', '/regional-savings', '/roi-calculator', '/faq',
  '/privacy-policy', '/terms-of-service', '/compliance', '/marketing-disclosure', '/data-transfer-agreement', '/refund-policy',
  '/cancellation-policy', '/investment-disclaimer', '/payment-canceled', '/smart-home', '/no-such-page',
];
/** The signed-in screens. */
export const USER_AXE_ROUTES = [
  '/dashboard', '/bill-upload', '/payment', '/payment-dashboard', '/applications', '/gamification', '/smart-dashboard', '/smart-home',
  '/iot-dashboard', '/ml-analytics', '/bill-search', '/calendar-scheduling', '/email-test', '/notifications', '/settings', '/ai-assistant',
];
/** The admin's screens. */
export const ADMIN_AXE_ROUTES = ['/admin', '/feedback-analysis', '/platform-dashboard', '/backend-status', '/database-status', '/assessment-diagnostic', '/recaptcha-test'];

/** The screen has its title and no loading spinner or skeleton left (bounded: a page that keeps one is scanned as it is). */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page
    .waitForFunction(
      () => !document.querySelector('.animate-pulse, [data-slot="skeleton"]') && !Array.from(document.querySelectorAll('[role="status"]')).some((el) => /Loading/i.test(el.textContent ?? '')),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * Opens a route inside the running app (the router follows history like Back and Forward do), so
 * the app and axe load once per role; waits until the page's title heading is the new route's.
 */
async function openInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    const heading = document.querySelector('h1');
    (window as unknown as { scanHeading: unknown }).scanHeading = { node: heading, text: heading?.textContent };
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction(() => {
    const before = (window as unknown as { scanHeading: { node: Element | null; text: string | null } }).scanHeading;
    const heading = document.querySelector('h1');
    return heading !== null && (heading !== before.node || heading.textContent !== before.text);
  });
}

/** The theme's colours are in place: the class on <html> is set and no colour is still in transition. */
async function themeApplied(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.waitForFunction(
    (dark) =>
      document.documentElement.classList.contains('dark') === dark &&
      document.getAnimations().every((animation) => !('transitionProperty' in animation) || animation.playState === 'finished'),
    theme === 'dark',
  );
}

const summary = (violations: AxeViolation[]) => violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(' | ')}`);

/**
 * Opens each route once (the first with a page load, the rest inside the app) and scans it with
 * every WCAG 2.1 AA rule in one theme, then switches the system preference (the app's default
 * theme follows it: the `dark` class on <html>) and scans it again with the rules that depend on
 * colours. The phone header and the footer, the same on every route, are scanned with the first.
 * Returns one line per route, theme and rule broken: empty when all is clean.
 */
export async function scanRoutes(page: Page, routes: string[], who: string): Promise<string[]> {
  const found: string[] = [];
  let theme: 'light' | 'dark' = 'light';
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  for (const [index, route] of routes.entries()) {
    if (index === 0) await page.goto(route);
    else await openInApp(page, route);
    await settled(page);
    for (let pass = 0; pass < 2; pass += 1) {
      if (pass === 1) {
        theme = theme === 'light' ? 'dark' : 'light';
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      }
      await themeApplied(page, theme);
      const exclude = index === 0 ? [TOASTS] : [TOASTS, 'header:has(~ #main)', '#main ~ footer'];
      const violations = await axeViolations(page, exclude, pass === 0 ? undefined : COLOUR_RULES);
      for (const line of summary(violations)) found.push(`${who} ${route} ${theme}: ${line}`);
    }
  }
  return found;
}
