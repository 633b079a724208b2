import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signInViaApi, signUpViaApi } from './api-users.ts';
import { axeViolations } from './axe.ts';
import { uniqueEmail } from './browser.ts';

// The navigation crawl of issue 28 (e2e/navigation-*.spec.ts): the routes of the spec's route
// table (02-tools §2.1) each role may open, and the links the header, its menus and the footer offer.

/** What a visitor may open (public pages; signed-in screens greet a visitor with the sign-in gate). */
export const VISITOR_ROUTES = [
  '/how-it-works', '/pricing', '/dashboard', '/rebates', '/regional-savings', '/roi-calculator', '/smart-home', '/support', '/payment-dashboard',
  '/bill-upload', '/ai-assistant', '/contact', '/faq', '/privacy-policy', '/terms-of-service', '/compliance', '/marketing-disclosure',
  '/data-transfer-agreement', '/refund-policy', '/cancellation-policy', '/investment-disclaimer',
];
/** What a signed-in user may open besides. */
export const USER_ROUTES = [
  ...VISITOR_ROUTES, '/payment', '/applications', '/gamification', '/smart-dashboard', '/iot-dashboard', '/ml-analytics', '/bill-search',
  '/calendar-scheduling', '/email-test', '/notifications', '/settings', '/settings#plan',
];
/** What only an admin may open besides. */
export const ADMIN_ROUTES = [...USER_ROUTES, '/admin', '/feedback-analysis', '/platform-dashboard', '/backend-status', '/database-status', '/assessment-diagnostic', '/recaptcha-test'];

/** The in-app paths of the links in a part of the page (path and hash, no origin). */
async function hrefsIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .map((el) => (el as HTMLAnchorElement).href)
      .filter((href) => href.startsWith(window.location.origin))
      .map((href) => {
        const url = new URL(href);
        return `${url.pathname}${url.hash}`;
      }),
  );
}

/** Every in-app link the header, its menus and the footer offer from the home page at this width. */
export async function crawl(page: Page, width: number, signedIn: boolean): Promise<Set<string>> {
  await page.setViewportSize({ width, height: width < 768 ? 640 : 900 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  await banner.waitFor();
  const found = new Set<string>([...(await hrefsIn(page, 'footer a'))]);
  if (width < 768) {
    // The phone header fits: nothing is wider than the screen, and the menu button is on it.
    const menu = banner.getByRole('button', { name: 'Open menu' });
    if (signedIn) await banner.getByRole('link', { name: /^Notifications/ }).waitFor();
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, `the page scrolls sideways at ${width} px`);
    const box = await menu.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the menu button is off-screen at ${width} px`);
    await menu.click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.waitFor();
    for (const href of await hrefsIn(page, '[role="dialog"] a')) found.add(href);
    assert.deepEqual(await axeViolations(page), [], `menu sheet at ${width} px: WCAG 2.1 AA`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  } else {
    for (const href of await hrefsIn(page, 'header a')) found.add(href);
    await banner.getByRole('button', { name: 'More' }).click();
    // The menu mounts after the click: read its links once it is there, not before.
    await page.getByRole('menu').waitFor();
    for (const href of await hrefsIn(page, '[role="menu"] a')) found.add(href);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    if (signedIn) {
      await banner.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menu').waitFor();
      for (const href of await hrefsIn(page, '[role="menu"] a')) found.add(href);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
  }
  return found;
}

export function assertReaches(found: Set<string>, expected: string[], who: string) {
  const missing = expected.filter((route) => !found.has(route));
  assert.deepEqual(missing, [], `${who}: no link to ${missing.join(', ')}`);
}

export const ADMIN_ONLY = ['/admin', '/feedback-analysis', '/platform-dashboard', '/database-status', '/assessment-diagnostic', '/recaptcha-test'];


/**
 * The crawl at one width as a visitor, a new user and the admin: each reaches every route they
 * may open, and neither the visitor nor the user is offered an admin page.
 */
export async function crawlAsEveryRole(
  suite: { app: { baseUrl: string }; inPage(run: (page: Page) => Promise<void>): Promise<void> },
  admin: { email: string; password: string },
  width: number,
): Promise<void> {
  await suite.inPage(async (page) => {
    const visitor = await crawl(page, width, false);
    assertReaches(visitor, VISITOR_ROUTES, `visitor at ${width}`);
    assert.deepEqual(ADMIN_ONLY.filter((r) => visitor.has(r)), [], 'a visitor is offered no admin page');
  });
  await suite.inPage(async (page) => {
    await signUpViaApi(page.request, suite.app.baseUrl, uniqueEmail('nav-user'));
    const user = await crawl(page, width, true);
    assertReaches(user, USER_ROUTES, `user at ${width}`);
    assert.deepEqual(ADMIN_ONLY.filter((r) => user.has(r)), [], 'a user is offered no admin page');
  });
  await suite.inPage(async (page) => {
    await signInViaApi(page.request, suite.app.baseUrl, admin.email, admin.password);
    assertReaches(await crawl(page, width, true), ADMIN_ROUTES, `admin at ${width}`);
  });
}
