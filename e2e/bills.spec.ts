import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

/** Generated bills in the repository, with the values their truth files (`.json` beside them) give. */
const GENERATED_BILLS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/extractor/test-fixtures/generated');
const TEXT_PDF = { file: path.join(GENERATED_BILLS, 'gen-fixtures-0004.pdf'), name: 'gen-fixtures-0004.pdf', provider: 'Bluestem Rural Electric Membership Corp.', amount: '$176.60', due: 'Oct 26, 2025', usage: '1,059' };
/** A picture of a bill (a scan saved as PNG), read through OCR like a phone photo. */
const PHONE_PHOTO = { file: path.join(GENERATED_BILLS, 'gen-fixtures-png-0001.png'), provider: 'Town of Millbrook Water & Sewer Department', amount: '$170.98', due: 'Jun 17, 2026' };

/** Reading a photo runs OCR; on a busy 2-core machine that can take a while. */
const PROCESSING_TIMEOUT = 120_000;

const suite = useAppAndBrowser();

/** Watches the progress bar while the bill uploads and is read, until 'Upload Successful'. */
async function uploadAndWatch(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload Bill', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await progress.waitFor();
  const seen = new Set<number>();
  const success = page.getByRole('heading', { name: 'Upload Successful' });
  const deadline = Date.now() + PROCESSING_TIMEOUT;
  while (!(await success.isVisible())) {
    assert.ok(Date.now() < deadline, 'the bill was not read in time');
    const now = await progress.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null);
    if (now !== null) seen.add(Number(now));
    await page.waitForTimeout(100);
  }
  // The bar moved through the spec's steps (25 → 50 → 90) before success, never backwards past them.
  const values = [...seen];
  assert.ok(values.some((value) => [25, 50, 90].includes(value)), `progress values ${values.join(', ')}`);
  assert.ok(values.every((value) => value >= 0 && value < 100), `progress values ${values.join(', ')}`);
  return page.getByRole('status').filter({ has: success });
}

async function expectReadValues(panel: Locator, expected: { provider: string; amount: string; due: string }) {
  await panel.getByText(expected.provider).first().waitFor();
  await panel.getByText(expected.amount, { exact: true }).waitFor();
  await panel.getByText(expected.due, { exact: true }).waitFor();
}

describe('bills', () => {
  test('a new user uploads a PDF and a phone photo, sees them read and analysed by themselves, and corrects a value', async () => {
    const email = uniqueEmail('uploader');
    await suite.inPage(async (page) => {
      await signUpAndConfirm(page, email);
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByText('Upload your first bill').first().waitFor();

      // 1. A text PDF, chosen with the file picker.
      await page.goto('/bill-upload');
      await page.getByRole('heading', { name: 'Upload Your Utility Bill' }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'upload page: WCAG 2.1 AA');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose File', exact: true }).click();
      await (await chooser).setFiles(TEXT_PDF.file);
      await page.getByText(TEXT_PDF.name).waitFor();
      const megabytes = `${(statSync(TEXT_PDF.file).size / (1024 * 1024)).toFixed(2)} MB`;
      await page.getByText(megabytes).waitFor();
      const pdfResult = await uploadAndWatch(page);
      await expectReadValues(pdfResult, TEXT_PDF);

      // Upload Successful sends the user to the dashboard after 3 seconds.
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      const pdfRow = page.getByRole('row').filter({ hasText: TEXT_PDF.provider }).first();
      await pdfRow.getByText(TEXT_PDF.amount).waitFor();

      // 2. A phone photo, taken with the camera panel of the small-screen layout.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/bill-upload');
      await page.getByRole('heading', { name: 'Scan with your camera' }).waitFor();
      await page.getByText('Tips for a clear scan').waitFor();
      const camera = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Take Photo' }).click();
      await (await camera).setFiles(PHONE_PHOTO.file);
      await page.getByRole('img', { name: 'Captured bill preview' }).waitFor();
      await page.getByText('bill_capture.jpg').waitFor();
      const photoResult = await uploadAndWatch(page);
      await expectReadValues(photoResult, PHONE_PHOTO);
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Both bills are on the dashboard with what was read off them.
      await page.getByRole('tab', { name: 'Your Bills' }).click();
      await page.getByRole('heading', { name: 'Your Utility Bills' }).waitFor();
      const photoRow = page.getByRole('row').filter({ hasText: PHONE_PHOTO.provider }).first();
      await photoRow.getByText(PHONE_PHOTO.amount).waitFor();
      await page.getByRole('row').filter({ hasText: TEXT_PDF.provider }).first().getByText(TEXT_PDF.amount).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'dashboard bills tab: WCAG 2.1 AA');

      // 3. The PDF's detail page: original file, extracted values, analysis, recommendations.
      await page.getByRole('row').filter({ hasText: TEXT_PDF.provider }).first().getByRole('link', { name: 'View' }).click();
      await page.getByRole('heading', { name: 'What we read' }).waitFor();
      await page.getByText(TEXT_PDF.due, { exact: true }).waitFor();
      // The original PDF shows as page images rendered by the server, never in the browser's PDF
      // viewer (which would run JavaScript inside an uploaded file); zoom swaps in the sharper one.
      const firstPage = page.getByRole('img', { name: new RegExp(`^Original bill: ${TEXT_PDF.name.replace('.', '\\.')}`) }).first();
      await firstPage.waitFor();
      await page.waitForFunction(() => Array.from(document.images).some((img) => img.src.includes('/pages/1') && img.complete && img.naturalWidth > 0));
      assert.equal(await page.locator('iframe, embed, object').count(), 0, 'no PDF viewer on the bill page');
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByText('150%', { exact: true }).waitFor();
      assert.match((await firstPage.getAttribute('src')) ?? '', /\/pages\/1\?scale=2$/);
      await page.getByRole('link', { name: 'Download the original PDF' }).waitFor();
      // The analysis runs by itself once the bill is read (issue 24): no Analyze click.
      await page.getByRole('heading', { name: 'Recommendations', exact: true }).waitFor({ timeout: 60_000 });
      const cards = page.getByRole('region', { name: 'Recommendations' }).getByRole('heading', { level: 3 });
      await cards.first().waitFor();
      assert.ok((await cards.count()) >= 1, 'at least one recommendation');
      assert.deepEqual(await axeViolations(page), [], 'bill detail with analysis: WCAG 2.1 AA');

      // An analysed bill offers no Analyze action (analysing again would change nothing).
      assert.equal(await page.getByRole('button', { name: /^(Re-)?[Aa]nalyze/ }).count(), 0, 'no Analyze on an analysed bill');

      // 4. A correction: the usage was misread, the user fixes it and the page keeps the original.
      await page.getByRole('button', { name: 'Edit usage', exact: true }).click();
      const editor = page.getByRole('textbox', { name: 'Correct usage', exact: true });
      await editor.fill('600');
      await page.getByRole('button', { name: 'Save correction' }).click();
      await page.getByText('Thank you for your feedback! This helps us improve our service.').first().waitFor();
      await page.getByText('Corrected', { exact: true }).first().waitFor();
      await page.getByText(`Read as ${TEXT_PDF.usage}`, { exact: false }).first().waitFor();
      // Something changed: the bill is analysed again by itself, with the corrected usage.
      await page.getByRole('heading', { name: 'Recommendations', exact: true }).waitFor({ timeout: 60_000 });
      assert.equal(await page.getByRole('button', { name: /^(Re-)?[Aa]nalyze/ }).count(), 0, 'no Analyze click needed after a correction');

      // The correction is stored: a fresh load shows it.
      await page.reload();
      await page.getByText('Corrected', { exact: true }).first().waitFor();
    });
  });

  test('a signed-out visitor who tries to upload signs in and comes back to the upload page', async () => {
    // A confirmed account, made in a separate browser session.
    const email = uniqueEmail('returning');
    await suite.inPage(async (page) => {
      await signUpAndConfirm(page, email);
    });

    await suite.inPage(async (page) => {
      await page.goto('/bill-upload');
      await page.getByRole('heading', { name: 'Upload Your Utility Bill' }).waitFor();
      // Once the header knows the visitor is signed out (before that, the upload itself would answer 401).
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Choose File', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Authentication Required' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      // The sign-in form takes over; a successful sign-in returns to the upload page.
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/bill-upload');
      await page.getByRole('button', { name: 'Choose File', exact: true }).click();
      assert.equal(await page.getByRole('dialog', { name: 'Authentication Required' }).isVisible(), false);
    });
  });

  test('a user adds a property from the upload form: a blank name is refused, then the new property is chosen', async () => {
    const email = uniqueEmail('property');
    await suite.inPage(async (page) => {
      await signUpAndConfirm(page, email);
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto('/bill-upload');
      await page.getByRole('button', { name: 'New property' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a property' });
      await dialog.getByRole('button', { name: 'Add property' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Please enter a name for the property' }).waitFor();
      assert.equal(await dialog.getByLabel('Property name').getAttribute('aria-invalid'), 'true');

      await dialog.getByLabel('Property name').fill('Lake Shop');
      await dialog.getByRole('combobox', { name: 'Property type' }).click();
      await page.getByRole('option', { name: 'Commercial' }).click();
      await dialog.getByRole('button', { name: 'Add property' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('combobox', { name: 'Property' }).filter({ hasText: 'Lake Shop · Commercial' }).waitFor();
    });
  });
});
