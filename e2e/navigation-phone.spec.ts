import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signInViaApi, signUpViaApi } from './support/api-users.ts';
import { ADMIN_AXE_ROUTES, scanRoutes, USER_AXE_ROUTES, VISITOR_AXE_ROUTES } from './support/axe-routes.ts';
import { uniqueEmail } from './support/browser.ts';
import { crawlAsEveryRole } from './support/crawl.ts';
import { useAppWithAdmin } from './support/admin-suite.ts';

// Every route of the spec's route table (02-tools §2.1) is reachable from the UI by the people
// allowed to open it (issue 28), on a phone: a crawl of the menu sheet and the footer
// from /, as a visitor, a user and an admin at 320 px; the header fits and the bubble covers no Send.
// On the same server, every route as the role that may open it passes axe at 375 px in the light
// and the dark theme (support/axe-routes.ts).

const { suite, admin } = useAppWithAdmin({}, 'nav-admin');

describe('navigation crawl', () => {
  for (const width of [320]) {
    test(`at ${width} px a visitor, a user and an admin reach every route they may open`, async () => {
      await crawlAsEveryRole(suite, admin, width);
    });
  }

  test('at 375 px every route is clean under axe (WCAG 2.1 AA), in the light and the dark theme', async () => {
    const found: string[] = [];
    const scanAs = (who: string, routes: string[], signIn?: (page: import('playwright-core').Page) => Promise<void>) =>
      suite.inPage(async (page) => {
        await page.setViewportSize({ width: 375, height: 740 });
        await signIn?.(page);
        found.push(...(await scanRoutes(page, routes, who)));
      });
    await scanAs('visitor', VISITOR_AXE_ROUTES);
    await scanAs('user', USER_AXE_ROUTES, (page) => signUpViaApi(page.request, suite.app.baseUrl, uniqueEmail('nav-axe')));
    await scanAs('admin', ADMIN_AXE_ROUTES, (page) => signInViaApi(page.request, suite.app.baseUrl, admin.email, admin.password));
    assert.deepEqual(found, []);
  });

  test('on a phone the assistant bubble leaves Send on /ai-assistant free', async () => {
    await suite.inPage(async (page) => {
      await page.setViewportSize({ width: 375, height: 700 });
      await signUpViaApi(page.request, suite.app.baseUrl, uniqueEmail('nav-bubble'));
      // Elsewhere the bubble is there, bottom right, as the spec has it.
      await page.goto('/notifications');
      await page.getByRole('button', { name: 'Open assistant' }).waitFor();
      // On the assistant's own page it goes away (and never mounts when the page is opened directly: the same check).
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'AI Assistant' }).first().click();
      await page.getByLabel('Ask about your energy use').fill('How much did I use?');
      await page.getByRole('button', { name: 'Open assistant' }).waitFor({ state: 'detached' });
      // Send takes the pointer itself: nothing lies over it (Playwright's hit-target check).
      await page.getByRole('button', { name: 'Send', exact: true }).click({ trial: true, timeout: 5000 });
    });
  });
});
