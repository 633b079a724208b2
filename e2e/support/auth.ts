import type { Page } from 'playwright-core';
import { STRONG_PASSWORD } from './browser.ts';

/** Opens the header's auth dialog and waits until its proof-of-work check is ready. */
export async function openAuthDialog(page: Page, which: 'Sign In' | 'Sign Up') {
  await page.getByRole('banner').getByRole('button', { name: which, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // The proof-of-work check solves itself when the dialog opens.
  await dialog.getByText(/protected by/i).waitFor({ timeout: 30_000 });
  return dialog;
}

/** Signs up from the header; the account then waits for its email to be confirmed. */
export async function signUp(page: Page, email: string) {
  const dialog = await openAuthDialog(page, 'Sign Up');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.getByText('Account created successfully!').first().waitFor();
}

/** Fills and submits the sign-in form, in the dialog already open or one opened from the header. */
export async function signIn(page: Page, email: string, password: string) {
  let dialog = page.getByRole('dialog');
  if (!(await dialog.isVisible())) dialog = await openAuthDialog(page, 'Sign In');
  else await dialog.getByText(/protected by/i).waitFor({ timeout: 30_000 });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Follows the verification mail in the dev mailbox (outbox mode), then waits for the callback
 * page to confirm and reopen the sign-in form on the home page by itself.
 */
export async function confirmFromMailbox(page: Page, email: string) {
  await page.goto('/dev/mailbox');
  // Each message is a row: recipient, subject (a link to the message), time.
  const message = page.getByRole('row').filter({ hasText: email }).getByRole('link').first();
  for (let attempt = 0; attempt < 20 && !(await message.isVisible()); attempt += 1) {
    await page.waitForTimeout(500);
    await page.reload();
  }
  await message.click();
  await page.getByRole('link', { name: /verify|confirm/i }).first().click();
  await page.getByText('Authentication Successful').waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('dialog').waitFor();
}

/** A new account with its email confirmed, from the home page; leaves the sign-in form open. */
export async function signUpAndConfirm(page: Page, email: string) {
  await page.goto('/');
  await signUp(page, email);
  await confirmFromMailbox(page, email);
}
