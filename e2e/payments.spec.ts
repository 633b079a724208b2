import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

/** A one-page text PDF bill in the repository (read in a second or two). */
const BILL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/extractor/test-fixtures/generated/gen-fixtures-0004.pdf');

// Plan limits on (the other stories run without them): free 1 bill a month, pro unlimited.
const suite = useAppAndBrowser({ PLAN_LIMITS: 'true' });

/** Picks a plan on the landing page's pricing cards and fills the pricing dialog as a visitor. */
async function choosePlan(page: Page, plan: 'Free' | 'Basic' | 'Pro', email: string, annual: boolean) {
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  if (annual) await pricing.getByRole('switch', { name: 'Annual (Save 20%)' }).click();
  await pricing.getByRole('button', { name: plan === 'Free' ? 'Get Started' : `Subscribe to ${plan}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: plan === 'Free' ? 'Get Started with Free Plan' : `Subscribe to ${plan} Plan` }).waitFor();
  // The landing email rule and its message.
  await dialog.getByLabel('Email').fill('someone@example.c');
  await dialog.getByText('Please enter a valid email address').waitFor();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByText('Human check passed').waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: plan === 'Free' ? 'Create free account' : 'Create account and continue to payment' }).click();
}

async function payOnCheckout(page: Page, card: string) {
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^(Subscribe|Pay) \$/ }).click();
}

/** Uploads the bill from /bill-upload; resolves with 'accepted' or the refusal shown. */
async function uploadBill(page: Page): Promise<'accepted' | 'refused'> {
  await page.goto('/bill-upload');
  await page.getByRole('heading', { name: 'Upload Your Utility Bill' }).waitFor();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File', exact: true }).click();
  await (await chooser).setFiles(BILL);
  await page.getByRole('button', { name: 'Upload Bill', exact: true }).click();
  const accepted = page.getByRole('progressbar', { name: 'Upload progress' }).or(page.getByRole('heading', { name: 'Upload Successful' }));
  const refused = page.getByRole('alert').filter({ hasText: 'Upgrade your plan' });
  await accepted.or(refused).first().waitFor({ timeout: 60_000 });
  if (await refused.isVisible()) return 'refused';
  await page.getByRole('heading', { name: 'Upload Successful' }).waitFor({ timeout: 120_000 });
  return 'accepted';
}

describe('plans and checkout', () => {
  test('a visitor buys Pro annual on the built-in checkout and uploads a second and third bill that month', async () => {
    await suite.inPage(async (page) => {
      await choosePlan(page, 'Pro', uniqueEmail('pro'), true);
      await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
      await page.getByText('$99.99').first().waitFor();
      assert.deepEqual(await axeViolations(page), [], 'test checkout: WCAG 2.1 AA');
      await payOnCheckout(page, '4242 4242 4242 4242');
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('subscription') === 'success' && url.searchParams.get('plan') === 'pro');
      await page.getByRole('dialog').getByRole('heading', { name: 'Subscription Activated!' }).waitFor();
      const status = (await (await page.request.get('/api/subscription')).json()) as { hasActiveSubscription: boolean; subscription: { amountCents: number; billingCycle: string } };
      assert.equal(status.hasActiveSubscription, true);
      assert.equal(status.subscription.amountCents, 9999);
      assert.equal(status.subscription.billingCycle, 'annual');

      for (const n of [1, 2, 3]) assert.equal(await uploadBill(page), 'accepted', `bill ${n} of the month`);
      await page.goto('/bill-upload');
      await page.getByTestId('bill-allowance').getByText('Pro plan: unlimited bills. 3 uploaded this month.').waitFor();
    });
  });

  test('a free user’s second bill that month is refused with the upgrade message and link', async () => {
    await suite.inPage(async (page) => {
      await choosePlan(page, 'Free', uniqueEmail('free'), false);
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
      assert.equal(await uploadBill(page), 'accepted');
      assert.equal(await uploadBill(page), 'refused');
      const refusal = page.getByRole('alert').filter({ hasText: 'Upgrade your plan' });
      await refusal.getByText('Your Free plan includes 1 bill per month').waitFor();
      await refusal.getByRole('link', { name: 'Upgrade' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
    });
  });

  test('a declined card returns to the cancel path with no subscription', async () => {
    await suite.inPage(async (page) => {
      await choosePlan(page, 'Basic', uniqueEmail('declined'), false);
      await payOnCheckout(page, '4000 0000 0000 0002');
      await page.getByRole('alert').getByText('Your card was declined.').waitFor();
      await page.getByRole('link', { name: 'Cancel and return to Wattwise' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByText('Subscription canceled').first().waitFor();
      const status = (await (await page.request.get('/api/subscription')).json()) as { hasActiveSubscription: boolean; subscription: unknown };
      assert.equal(status.hasActiveSubscription, false);
      assert.equal(status.subscription, null);
    });
  });
});
