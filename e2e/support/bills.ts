import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { signIn, signUpAndConfirm } from './auth.ts';
import { STRONG_PASSWORD } from './browser.ts';

/** A Georgia Power bill for an Atlanta address: 1,802 kWh, $357.41, made by the repository's bill generator (fixtures/README.md). */
export const GEORGIA_BILL = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/georgia-power-atlanta.pdf');

/** Picks `file` on /bill-upload and sends it; resolves when the upload's answer is on screen. */
export async function uploadFromPage(page: Page, file: string) {
  await page.goto('/bill-upload');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File', exact: true }).click();
  await (await chooser).setFiles(file);
  await page.getByRole('button', { name: 'Upload Bill', exact: true }).click();
}

/** A new confirmed account, signed in, with `file` uploaded and read ('Upload Successful'). */
export async function newUserWithBill(page: Page, email: string, file = GEORGIA_BILL) {
  await signUpAndConfirm(page, email);
  await signIn(page, email, STRONG_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await uploadFromPage(page, file);
  await page.getByRole('heading', { name: 'Upload Successful' }).waitFor({ timeout: 120_000 });
}

/** On /payment: 'Read from bill' with `file`; resolves once the form was filled ('Bill processed successfully'). */
export async function readBillIntoPaymentForm(page: Page, file = GEORGIA_BILL) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Read from bill', exact: true }).click();
  await (await chooser).setFiles(file);
  await page.getByText('Bill processed successfully').waitFor({ timeout: 120_000 });
  await page.getByText('Form has been auto-populated with extracted data.').waitFor();
}
