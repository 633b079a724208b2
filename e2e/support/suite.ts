import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startApp, type RunningApp } from './server.ts';

/**
 * Registers the hooks every spec file needs: one fresh server (own data directory) and one
 * browser for the file, both stopped at its end. Read `app` and `browser` inside tests.
 */
export function useAppAndBrowser(env: Record<string, string> = {}): { readonly app: RunningApp; readonly browser: Browser } {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  before(async () => {
    app = await startApp(env);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await app?.cleanup();
  });
  return {
    get app() {
      if (!app) throw new Error('the server is not started yet');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}
