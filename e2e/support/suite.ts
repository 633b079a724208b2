import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser.ts';
import { withDiagnostics } from './diagnostics.ts';
import { startApp, type RunningApp } from './server.ts';

export interface Suite {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** Runs a scenario in a fresh browser session (own cookies), with diagnostics on failure. */
  inPage(scenario: (page: Page) => Promise<void>): Promise<void>;
}

/**
 * Registers the hooks every spec file needs: one fresh server (own data directory) and one
 * browser for the file, both stopped at its end. Use `inPage` (or `app` and `browser`) in tests.
 */
export function useAppAndBrowser(env: Record<string, string> = {}, beforeStart?: (dataDir: string) => Promise<void>): Suite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  before(async () => {
    app = await startApp(env, beforeStart);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await app?.cleanup();
  });
  const suite: Suite = {
    async inPage(scenario) {
      const { context, page } = await newPage(suite.browser, suite.app.baseUrl);
      try {
        await withDiagnostics(suite.app, page, () => scenario(page));
      } finally {
        await context.close();
      }
    },
    get app() {
      if (!app) throw new Error('the server is not started yet');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
  return suite;
}
