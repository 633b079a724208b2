import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { withDiagnostics } from './support/diagnostics.ts';
import { useAppAndBrowser } from './support/suite.ts';

// Issue 12: the landing page, its sections, the marketing, help and legal pages.

const suite = useAppAndBrowser();
const NOT_FOUND_TITLE = 'Page not found — Wattwise';

/** The page shows a screen of its own: a level-1 heading and not the not-found screen. */
async function assertRealPage(page: Page, what: string) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.notEqual(await page.title(), NOT_FOUND_TITLE, `${what} reaches a page (${page.url()})`);
  assert.equal(await page.getByText('Oops! Page not found').count(), 0, `${what} is not the not-found screen`);
}

async function isInViewport(page: Page, id: string): Promise<boolean> {
  return page.evaluate((target) => {
    const box = document.getElementById(target)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
  }, id);
}

async function waitUntilInViewport(page: Page, id: string) {
  for (let attempt = 0; attempt < 40 && !(await isInViewport(page, id)); attempt += 1) await page.waitForTimeout(100);
  assert.ok(await isInViewport(page, id), `#${id} scrolled to the top of the screen`);
}

describe('landing page and its links', () => {
  test('every header and footer link reaches its page', async () => {
    await suite.inPage(async (page) => {
      // Wide enough for every header link to sit inline (no "More" menu).
      await page.setViewportSize({ width: 1600, height: 900 });
      await page.goto('/');
      const header = page.getByRole('navigation', { name: 'Main' });
      await header.getByRole('link').first().waitFor();
      const headerLinks = await header.getByRole('link').evaluateAll((links) => links.map((a) => ({ name: a.getAttribute('aria-label') ?? a.textContent ?? '', href: a.getAttribute('href') ?? '' })));
      assert.ok(headerLinks.some((l) => l.href === '/pricing') && headerLinks.some((l) => l.href === '/how-it-works'), JSON.stringify(headerLinks));
      for (const link of headerLinks) {
        await page.goto('/terms-of-service');
        await header.getByRole('link', { name: link.name, exact: true }).click();
        if (link.href.startsWith('/#')) {
          await page.waitForURL((url) => url.pathname === '/' && url.hash === link.href.slice(1));
          await waitUntilInViewport(page, link.href.slice(2));
        } else {
          // Until the address changes only: the page's own check below waits for it to render
          // (a full page's `load` can take long on a loaded machine).
          await page.waitForURL((url) => url.pathname === link.href, { waitUntil: 'commit' });
          await assertRealPage(page, `header link ${link.name}`);
        }
      }

      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link').first().waitFor();
      const footerLinks = await footer.getByRole('link').evaluateAll((links) => links.map((a) => ({ name: a.getAttribute('aria-label') ?? a.textContent ?? '', href: a.getAttribute('href') ?? '' })));
      for (const expected of ['/faq', '/privacy-policy', '/terms-of-service', '/compliance', '/marketing-disclosure', '/data-transfer-agreement', '/refund-policy', '/cancellation-policy', '/investment-disclaimer']) {
        assert.ok(footerLinks.some((l) => l.href === expected), `footer links to ${expected}`);
      }
      for (const link of footerLinks) {
        await page.goto('/');
        await footer.getByRole('link', { name: link.name, exact: true }).first().click();
        await page.waitForURL((url) => url.pathname === link.href, { waitUntil: 'commit' });
        await assertRealPage(page, `footer link ${link.name}`);
      }
    });
  });

  test('anchor links scroll on the home page and after navigating home from another page', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/pricing');
      await assertRealPage(page, '/pricing');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '#features');
      await waitUntilInViewport(page, 'features');

      // On the home page: smooth scroll, no navigation.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features', exact: true }).click();
      await waitUntilInViewport(page, 'features');

      // A full load of /#pricing lands on the pricing section too.
      await page.goto('/#pricing');
      await waitUntilInViewport(page, 'pricing');
    });
  });

  test('the mobile menu opens and closes at 375 px', async () => {
    await suite.inPage(async (page) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'no inline links on a phone');
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      await menuButton.click();
      const sheet = page.getByRole('dialog', { name: 'Menu' });
      await sheet.waitFor();
      assert.ok(await sheet.getByRole('link', { name: 'Pricing' }).isVisible());
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      assert.equal(await menuButton.evaluate((el) => el === document.activeElement), true, 'focus returns to the menu button');

      await menuButton.click();
      await sheet.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      await sheet.waitFor({ state: 'hidden' });
      await assertRealPage(page, 'the menu’s Pricing link');
      const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(scrollsSideways, false, '/pricing fits a 375 px screen');
    });
  });

  test('the live demo runs its four stages to the example result and its toast', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/');
      const demo = page.getByRole('region', { name: 'Live Demo' });
      await demo.getByRole('button', { name: 'Start Live Demo' }).click();
      const progress = demo.getByRole('progressbar', { name: 'Demo progress' });
      assert.equal(await progress.getAttribute('aria-valuenow'), '15');
      await page.getByText('Demo Complete!').waitFor({ timeout: 15_000 });
      await page.getByText('Upload your actual bill to see real savings opportunities.').waitFor();
      assert.equal(await progress.getAttribute('aria-valuenow'), '100');
      for (const figure of ['$89/month', '$1,068/year', '36% reduction']) await demo.getByText(figure).waitFor();
      await demo.getByRole('button', { name: 'Run Demo Again' }).waitFor();
    });
  });

  test('the video poster turns into a player of our own clip', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/');
      assert.equal(await page.locator('video').count(), 0, 'no player before the click');
      await page.getByRole('button', { name: /Play the 20-second Wattwise walkthrough/ }).click();
      const video = page.locator('video');
      await video.waitFor();
      assert.equal(await video.getAttribute('controls'), '');
      const src = (await video.getAttribute('src')) ?? '';
      assert.ok(src.startsWith('/media/'), `served from our origin: ${src}`);
      const decoded = await video.evaluate(async (el: HTMLVideoElement) => {
        for (let i = 0; i < 50 && el.readyState < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
        return { readyState: el.readyState, width: el.videoWidth };
      });
      assert.ok(decoded.readyState >= 2 && decoded.width === 640, `the clip decodes: ${JSON.stringify(decoded)}`);
    });
  });
});

describe('help and legal pages', () => {
  test('the FAQ opens one answer at a time; the terms have 16 sections, a contents list and Back', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/frequently-asked-questions');
      // Named by the server in the page itself, before any script runs.
      assert.equal(await page.title(), 'Frequently Asked Questions — Wattwise');
      for (const group of ['Getting Started', 'Savings & Guarantees', 'Privacy & Security', 'Service Areas & Providers', 'Account & Billing', 'Technical Support', 'Company Information']) {
        await page.getByRole('heading', { name: group, level: 2 }).waitFor();
      }
      const first = page.getByRole('button', { name: 'How do I start?' });
      const second = page.getByRole('button', { name: 'What is the savings guarantee?' });
      await first.click();
      assert.equal(await first.getAttribute('aria-expanded'), 'true');
      await second.click();
      assert.equal(await second.getAttribute('aria-expanded'), 'true');
      assert.equal(await first.getAttribute('aria-expanded'), 'false', 'opening one answer closes the other');

      await page.goto('/terms');
      await page.getByText('Last updated April 15, 2024').waitFor();
      const contents = page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link');
      assert.equal(await contents.count(), 16);
      await page.getByRole('link', { name: '10. Limitation of liability' }).click();
      await waitUntilInViewport(page, 'liability');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForFunction(() => document.title === 'Wattwise — Find savings in your utility bills');
      // Descriptions load with the first in-app navigation (decision 040): wait for it.
      await page.waitForFunction(() => document.querySelector('meta[name="description"]')?.getAttribute('content')?.startsWith('Upload a utility bill'), undefined, { timeout: 5_000 }).catch(() => undefined);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      assert.match(description ?? '', /^Upload a utility bill/, 'the home page’s description replaces the terms’ one');
      assert.ok(await page.locator('meta[property="og:title"]').count(), 'Open Graph tags');
    });
  });
});

describe('accessibility of the marketing pages', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`landing, pricing, FAQ and the terms have no serious or critical axe violation (${theme})`, async () => {
      const context = await suite.browser.newContext({ baseURL: suite.app.baseUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const page = await context.newPage();
      try {
        await withDiagnostics(suite.app, page, async () => {
          for (const path of ['/', '/pricing', '/faq', '/terms-of-service']) {
            await page.goto(path);
            await assertRealPage(page, path);
            assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), theme === 'dark');
            const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
            assert.deepEqual(serious, [], `${path} (${theme})`);
          }
        });
      } finally {
        await context.close();
      }
    });
  }
});
