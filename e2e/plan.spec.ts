import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signUpViaApi, solveCaptcha } from './support/api-users.ts';
import { axeViolations } from './support/axe.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

// My plan (issue 28): a Pro user cancels at period end from Settings, sees the end date, and
// resumes; /pricing marks the current plan. The user signs up through the API and buys Pro on the
// built-in test checkout.

const suite = useAppAndBrowser({ PLAN_LIMITS: 'true' });

describe('plan and billing', () => {
  test('a Pro user cancels at period end from Settings, sees the end date, resumes; /pricing marks Pro', async () => {
    await suite.inPage(async (page) => {
      const email = uniqueEmail('pro');
      await signUpViaApi(page.request, suite.app.baseUrl, email);
      const checkout = await page.request.post('/api/checkout', {
        headers: { origin: suite.app.baseUrl, 'x-captcha-response': await solveCaptcha(page.request) },
        data: { plan: 'pro', isAnnual: false },
      });
      assert.equal(checkout.status(), 200);
      await page.goto(((await checkout.json()) as { url: string }).url);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Subscribe \$/ }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');

      // The header's account menu leads to Plan & billing.
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Plan & Billing' }).click();
      await page.waitForURL((url) => url.pathname === '/settings' && url.hash === '#plan');
      const plan = page.getByRole('region', { name: 'Plan & billing' });
      // Exactly: the invoice list names "Wattwise Pro plan (monthly)" too, once it has loaded.
      await plan.getByText('Pro plan', { exact: true }).waitFor();
      const renews = await plan.getByText(/Renews on /).textContent();
      const date = /Renews on (.+?)\./.exec(renews ?? '')?.[1];
      assert.ok(date, `no renewal date in "${renews}"`);
      await plan.getByText(/This month: 0 bills uploaded \(no monthly limit\)/).waitFor();
      await plan.getByRole('list', { name: 'Invoices and receipts' }).getByRole('link', { name: 'Receipt (PDF)' }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'Plan & billing: WCAG 2.1 AA');

      await plan.getByRole('button', { name: 'Cancel at Period End' }).click();
      await plan.getByText(`Ends on ${date}`).waitFor();
      await plan.getByText('Ends at period end').waitFor();
      await plan.getByRole('button', { name: 'Resume Plan' }).click();
      await plan.getByText(`Renews on ${date}`).waitFor();

      await page.goto('/pricing');
      const pro = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Pro/ }) });
      await pro.getByText('Your current plan').waitFor();
      assert.equal(await pro.getAttribute('aria-current'), 'true');
      await pro.getByRole('link', { name: 'Manage Plan' }).waitFor();
      // Another paid plan is changed from Plan & billing, not bought a second time.
      const basic = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Basic/ }) });
      await basic.getByRole('link', { name: 'Change in Plan & billing' }).waitFor();
      assert.deepEqual(await axeViolations(page), [], '/pricing with the current plan: WCAG 2.1 AA');
    });
  });
});
