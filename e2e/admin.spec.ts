import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GEORGIA_BILL = path.join(REPO, 'e2e/fixtures/georgia-power-atlanta.pdf');

// The demo account brings a year of bills read by the real pipeline (for the ML analytics story).
const suite = useAppAndBrowser({ DEMO_DATA: 'true' });

/** Makes an account an admin with the operator's command while the server is down (the embedded database has one process). */
async function makeAdmin(email: string): Promise<string> {
  let out = '';
  await suite.app.restart(async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'create-admin', email], {
      cwd: path.join(REPO, 'apps/server'),
      env: { ...process.env, DATA_DIR: suite.app.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    out = stdout;
  });
  const password = /Password, shown once:\s+(\S+)/.exec(out)?.[1];
  assert.ok(password, `no password in: ${out}`);
  return password;
}

/** Uploads a bill through the API as the signed-in page, waits until it is read, and returns its id. */
async function uploadAndRead(page: Page, file: string): Promise<string> {
  const res = await page.request.post('/api/bills', {
    headers: { origin: suite.app.baseUrl },
    multipart: { bill: { name: path.basename(file), mimeType: 'application/pdf', buffer: await readFile(file) } },
  });
  assert.equal(res.status(), 202, await res.text());
  const { bill } = (await res.json()) as { bill: { id: string } };
  for (let i = 0; i < 240; i += 1) {
    const status = ((await (await page.request.get(`/api/bills/${bill.id}`)).json()) as { bill: { status: string } }).bill.status;
    if (status === 'processed') return bill.id;
    assert.notEqual(status, 'failed');
    await page.waitForTimeout(500);
  }
  throw new Error('bill not read in time');
}

describe('admin', () => {
  test("a non-admin is turned away from /admin; an admin rejects a pending correction and sees the provider's accuracy change", async () => {
    const userEmail = uniqueEmail('admin-user');
    await suite.inPage(async (page) => {
      await signUpAndConfirm(page, userEmail);
      await signIn(page, userEmail, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const billId = await uploadAndRead(page, GEORGIA_BILL);
      // The user "corrects" the usage to a wrong value: a pending correction for the admin.
      const res = await page.request.patch(`/api/bills/${billId}/fields`, { headers: { origin: suite.app.baseUrl }, data: { corrections: [{ field: 'usageAmount', value: 1 }] } });
      assert.equal(res.status(), 200, await res.text());

      await page.goto('/admin');
      await page.getByText('Access denied: You do not have permission to view this page.').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    });

    const adminEmail = uniqueEmail('admin');
    const password = await makeAdmin(adminEmail);
    await suite.inPage(async (page) => {
      await page.goto('/');
      await signIn(page, adminEmail, password);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await page.getByRole('tab', { name: 'Optimization Guide' }).waitFor();
      await page.getByRole('link', { name: 'ML Feedback Analytics' }).click();
      await page.getByRole('heading', { name: 'ML Feedback Analytics' }).waitFor();

      const providerRow = () => page.getByRole('list', { name: 'Accuracy by provider' }).getByRole('listitem').filter({ hasText: /Georgia Power/ });
      await page.getByRole('tab', { name: 'Model Performance' }).click();
      const before = await providerRow().innerText();
      assert.match(before, /1 of \d+ fields corrected/);
      assert.doesNotMatch(before, /100\.0%/);

      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('button', { name: /^Process Now: usageAmount/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Review feedback' });
      await dialog.getByText('Georgia Power', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Correction rejected').waitFor();

      await page.getByRole('tab', { name: 'Model Performance' }).click();
      await providerRow().filter({ hasText: '100.0%' }).waitFor();
      assert.match(await providerRow().innerText(), /0 of \d+ fields corrected/);
    });
  });

  test('a user with a year of bills runs ML analysis and sees a forecast with its error', async () => {
    const credentials = JSON.parse(readFileSync(path.join(suite.app.dataDir, 'demo-credentials.json'), 'utf8')) as { email: string; password: string };
    await suite.inPage(async (page) => {
      await page.goto('/');
      await signIn(page, credentials.email, credentials.password);
      await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();
      await page.goto('/ml-analytics');
      await page.getByRole('heading', { name: 'ML Analytics' }).waitFor();
      // The demo's twelve bills are read in the background after the start: run until the forecast appears.
      const forecast = page.getByText('Next bill forecast', { exact: true });
      for (let attempt = 0; attempt < 60 && !(await forecast.isVisible()); attempt += 1) {
        await page.getByRole('button', { name: 'Run ML Analysis' }).click();
        await page.getByText('ML analysis complete').first().waitFor();
        if (!(await forecast.isVisible())) await page.waitForTimeout(2_000);
      }
      await forecast.waitFor();
      const card = page.getByText('Next bill forecast', { exact: true }).locator('..');
      assert.match(await card.innerText(), /\d[\d,]* kWh[\s\S]*\(95%\)/);
      const mape = page.getByText('MAPE (usage)', { exact: true }).locator('..');
      assert.match(await mape.innerText(), /\d+\.\d%[\s\S]*(On target|Near target|Off target)[\s\S]*backtested on \d+ bills/);
      await page.getByRole('tab', { name: 'Clustering' }).click();
      await page.getByText(/Clustering needs at least 20 households/).waitFor();
    });
  });
});
