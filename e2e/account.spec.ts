import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { unzipSync } from 'fflate';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { GEORGIA_BILL } from './support/bills.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';
import { secretOfOtpauthUri, totpCode } from '../apps/server/src/test/totp.ts';

// Account and privacy rights (issue 18), the "Done when" browser story: two-factor sign-in,
// 'Download my data' with the bills in the archive, 'Delete my account' with the files gone.

const suite = useAppAndBrowser();

/** Every stored file under DATA_DIR/uploads and DATA_DIR/exports. */
async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const dir of ['uploads', 'exports']) {
    const root = path.join(suite.app.dataDir, dir);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isFile()) out.push(path.relative(suite.app.dataDir, path.join(e.parentPath, e.name)));
  }
  return out;
}

describe('account and privacy', () => {
  test('2FA sign-in with a code, data export with the bill, account deletion', async () => {
    await suite.inPage(async (page) => {
      const email = uniqueEmail('account');
      await signUpAndConfirm(page, email);
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');

      // A bill file in storage (reading it is not part of this story).
      await page.goto('/bill-upload');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose File', exact: true }).click();
      await (await chooser).setFiles(GEORGIA_BILL);
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/bills') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Upload Bill', exact: true }).click();
      assert.ok((await uploaded).ok(), 'the bill was stored');

      // Two-factor authentication from the settings page (the header's account menu).
      await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
      await twoFactor.getByLabel('Your password').fill(STRONG_PASSWORD);
      await twoFactor.getByRole('button', { name: 'Set up' }).click();
      await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      assert.equal(await twoFactor.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count(), 10);
      const key = (await twoFactor.getByTestId('totp-key').textContent()) ?? '';
      const secret = secretOfOtpauthUri(`otpauth://totp/x?secret=${key}`);
      await twoFactor.getByLabel('Code from the app').fill(totpCode(secret));
      await twoFactor.getByRole('button', { name: 'Turn on' }).click();
      await twoFactor.getByText('On', { exact: true }).waitFor();

      // Signing in again asks for a code after the password.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await signIn(page, email, STRONG_PASSWORD);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Authentication code').fill(totpCode(secret));
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');

      // 'Download my data': the archive holds the bill as uploaded.
      await page.goto('/settings');
      const privacy = page.getByRole('region', { name: 'Your data' });
      await privacy.getByRole('button', { name: 'Download my data' }).click();
      const link = privacy.getByRole('link', { name: 'Download archive' });
      await link.waitFor({ timeout: 30_000 });
      const archive = await page.request.get((await link.getAttribute('href')) ?? '');
      assert.equal(archive.status(), 200);
      const files = unzipSync(new Uint8Array(await archive.body()));
      const bills = Object.keys(files).filter((name) => name.startsWith('bills/'));
      assert.equal(bills.length, 1);
      assert.ok(Buffer.from(files[bills[0] ?? ''] ?? []).equals(await readFile(GEORGIA_BILL)), 'the bill file as uploaded');
      const profile = JSON.parse(new TextDecoder().decode(files['profile.json'])) as { id: string; email: string };
      assert.equal(profile.email, email);
      assert.ok((await storedFiles()).some((f) => f.includes(profile.id)));

      // 'Delete my account' with the password: signed out, files gone, the password no longer works.
      await privacy.getByRole('button', { name: 'Delete my account' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByLabel('Password').fill(STRONG_PASSWORD);
      await confirm.getByRole('button', { name: 'Delete everything' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.deepEqual((await storedFiles()).filter((f) => f.includes(profile.id)), []);
      await signIn(page, email, STRONG_PASSWORD);
      await page.getByRole('dialog').getByText('Invalid email or password').first().waitFor();
    });
  });
});
