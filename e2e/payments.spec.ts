import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { readBillIntoPaymentForm } from './support/bills.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

/** One-page text PDF bills in the repository (distinct bills: the same one twice would be a duplicate). */
const GENERATED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/extractor/test-fixtures/generated');
const BILLS = ['gen-fixtures-0004.pdf', 'gen-fixtures-0005.pdf', 'gen-fixtures-0006.pdf'].map((name) => path.join(GENERATED, name));

// Plan limits on (the other stories run without them): free 1 bill a month, pro unlimited.
const suite = useAppAndBrowser({ PLAN_LIMITS: 'true' });

/** Picks a plan on the landing page's pricing cards and fills the pricing dialog as a visitor. */
async function choosePlan(page: Page, plan: 'Free' | 'Basic' | 'Pro', email: string, annual: boolean) {
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  if (annual) await pricing.getByRole('switch', { name: 'Annual (Save 16%)' }).click();
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

/** Uploads a bill from /bill-upload; 'accepted' when the server took it (202), else the refusal is on screen. */
async function uploadBill(page: Page, file: string): Promise<'accepted' | 'refused'> {
  await page.goto('/bill-upload');
  await page.getByRole('heading', { name: 'Upload Your Utility Bill' }).waitFor();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File', exact: true }).click();
  await (await chooser).setFiles(file);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bills');
  await page.getByRole('button', { name: 'Upload Bill', exact: true }).click();
  const status = (await answer).status();
  if (status === 202) return 'accepted';
  await page.getByRole('alert').filter({ hasText: 'Upgrade your plan' }).waitFor();
  return 'refused';
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

      for (const [n, file] of BILLS.entries()) assert.equal(await uploadBill(page, file), 'accepted', `bill ${n + 1} of the month`);
      await page.goto('/bill-upload');
      await page.getByTestId('bill-allowance').getByText('Pro plan: unlimited bills. 3 uploaded this month.').waitFor();
    });
  });

  test('a free user’s second bill that month is refused with the upgrade message and link', async () => {
    await suite.inPage(async (page) => {
      await choosePlan(page, 'Free', uniqueEmail('free'), false);
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
      assert.equal(await uploadBill(page, BILLS[0] ?? ''), 'accepted');
      assert.equal(await uploadBill(page, BILLS[1] ?? ''), 'refused');
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

describe('direct bill payment', () => {
  test("'Read from bill' fills the form from a bill; the user pays by card, sees the amount to the cent and downloads the receipt", async () => {
    await suite.inPage(async (page) => {
      await choosePlan(page, 'Free', uniqueEmail('payer'), false);
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
      await page.goto('/payment');
      await page.getByText('Direct Bill Payment').waitFor();
      // The Georgia Power fixture (its ground truth: e2e/fixtures/georgia-power-atlanta.json).
      await readBillIntoPaymentForm(page);
      assert.equal(await page.getByLabel('Utility provider').inputValue(), 'Georgia Power Company');
      assert.equal(await page.getByLabel('Account number').inputValue(), 'GG-9864343');
      assert.equal(await page.getByLabel('Amount (USD)').inputValue(), '357.41');
      // Reading kept nothing (decision 232): no bill until the user chooses to save it.
      await page.getByRole('button', { name: 'Save this bill' }).waitFor();
      assert.equal(((await (await page.request.get('/api/bills')).json()) as { total: number }).total, 0, "'Read from bill' saved no bill");
      // The user may change what was read before paying.
      await page.getByLabel('Utility provider').fill('Georgia Power');
      await page.getByLabel('Account number').fill('88565-18403');
      await page.getByLabel('Amount (USD)').fill('120.1');
      await page.getByRole('button', { name: 'Pay Bill' }).click();
      await payOnCheckout(page, '4242 4242 4242 4242');
      await page.waitForURL((url) => url.pathname === '/payment-success');
      await page.getByText('Payment Details').waitFor();
      await page.getByText('$120.10').waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download Receipt' }).click();
      assert.match((await download).suggestedFilename(), /^wattwise-receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
      await page.getByRole('link', { name: 'View Payment History' }).click();
      await page.getByRole('row').filter({ hasText: 'Georgia Power' }).getByText('$120.10').waitFor();
    });
  });
});
