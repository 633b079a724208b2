import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

// Support, notifications and appointments (issue 14): the "Done when" browser stories.

const BILL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/georgia-power-atlanta.pdf');

const suite = useAppAndBrowser();

async function newUser(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpAndConfirm(page, email);
  await signIn(page, email, STRONG_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return email;
}

describe('notifications', () => {
  test('a processed bill produces a notification that is marked read on click', async () => {
    await suite.inPage(async (page) => {
      await newUser(page, 'notify');
      await page.goto('/bill-upload');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose File', exact: true }).click();
      await (await chooser).setFiles(BILL);
      await page.getByRole('button', { name: 'Upload Bill', exact: true }).click();
      await page.getByRole('heading', { name: 'Upload Successful' }).waitFor({ timeout: 120_000 });

      // The header's bell counts it, live.
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
      await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
      const list = page.getByRole('list', { name: 'Notifications' });
      await list.getByText('Bill processed').waitFor();
      assert.deepEqual(await axeViolations(page), [], 'notifications list: WCAG 2.1 AA');

      // Unread has 'Mark all as read'; All does not.
      await page.getByRole('button', { name: 'Unread', exact: true }).click();
      await page.getByRole('button', { name: 'Mark all as read' }).waitFor();
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await list.getByText('Bill processed').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark all as read' }).count(), 0);

      // Clicking it opens the bill and marks it read.
      await list.getByRole('button', { name: 'View Details' }).first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard/bills/'));
      await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
      await page.goto('/notifications?filter=unread');
      await page.getByRole('heading', { name: 'All caught up!' }).waitFor();

      // Preferences: seven toggles, saved.
      await page.getByRole('button', { name: 'Preferences', exact: true }).click();
      assert.equal(await page.getByRole('switch').count(), 7);
      await page.getByRole('switch', { name: 'Bill Anomalies' }).click();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await page.getByText('Notification preferences saved!').first().waitFor();
      await page.reload();
      assert.equal(await page.getByRole('switch', { name: 'Bill Anomalies' }).getAttribute('aria-checked'), 'false');
      assert.deepEqual(await axeViolations(page), [], 'notification preferences: WCAG 2.1 AA');
    });
  });
});
