import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { uploadFromPage } from './support/bills.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

// Issue 24: a bill whose balance line could not be read gives no billing error and no refund;
// the page says the summary could not be checked, the user adds the balance inline, and the
// check appears: no Analyze click anywhere (the analysis runs by itself).

const suite = useAppAndBrowser();

describe('trust', () => {
  test('an unreadable balance line is "could not be checked", then added in one step and checked', async () => {
    // Made by the repository's generator with the previous-balance value smudged (fixtures/README.md).
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/unreadable-balance.pdf');
    const bill = { truth: JSON.parse(readFileSync(file.replace(/\.pdf$/, '.json'), 'utf8')) as { utilityProvider: string; previousBalance: number } };
    const email = uniqueEmail('trust');
    await suite.inPage(async (page) => {
      await signUpAndConfirm(page, email);
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await uploadFromPage(page, file);
      await page.getByRole('heading', { name: 'Upload Successful' }).waitFor({ timeout: 60_000 });
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      await page.getByRole('row').filter({ hasText: bill.truth.utilityProvider }).first().getByRole('link', { name: 'View' }).click();

      // The analysis arrives by itself: the summary could not be checked, and nothing is claimed.
      const summary = page.getByTestId('reconciliation');
      await summary.getByText("could not be checked: the bill's previous balance was not read", { exact: false }).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByText('Ask your utility to correct this bill').count(), 0, 'no refund card');
      assert.equal(await page.getByText('Amount due doesn’t match the account summary').count(), 0, 'no billing error');

      // Inline: add the balance printed on the bill.
      await summary.getByLabel('Add the previous balance').fill(String(bill.truth.previousBalance));
      await summary.getByRole('button', { name: 'Add the previous balance' }).click();

      // The analysis runs again by itself; a part read with low confidence is confirmed in one click.
      const added = page.getByText('the account summary adds up', { exact: false });
      const confirm = page.getByTestId('reconciliation').getByRole('button', { name: /^Confirm / });
      await added.or(confirm).first().waitFor({ timeout: 30_000 });
      if (!(await added.isVisible())) await confirm.first().click();
      await added.waitFor({ timeout: 30_000 });
      assert.equal(await page.getByText('Ask your utility to correct this bill').count(), 0, 'still no refund card');
    });
  });
});
