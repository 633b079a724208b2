import type { Page } from 'playwright-core';
import type { RunningApp } from './server.ts';

/**
 * Runs a browser scenario; when it fails, prints what a person debugging a CI log needs — the
 * page's address and visible text, the API calls that failed and the end of the server's log —
 * then rethrows the original error.
 */
export async function withDiagnostics(app: RunningApp, page: Page, scenario: () => Promise<void>): Promise<void> {
  const failedCalls: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failedCalls.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
  });
  try {
    await scenario();
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(page text unavailable)');
    console.error(
      [
        `--- diagnostics: ${page.url()}`,
        `page text:\n${text.slice(0, 3_000)}`,
        `failed calls:\n${failedCalls.slice(-20).join('\n') || '(none)'}`,
        `browser console:\n${consoleErrors.slice(-20).join('\n') || '(none)'}`,
        `server log (tail):\n${app.logs().slice(-4_000) || '(empty)'}`,
        '--- end diagnostics',
      ].join('\n'),
    );
    throw error;
  }
}
