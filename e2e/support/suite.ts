import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createAdminWithCli } from './api-users.ts';
import { launchBrowser, newPage } from './browser.ts';
import { withDiagnostics } from './diagnostics.ts';
import { startApp, type RunningApp } from './server.ts';
import { type AdminAccount, sharedApp } from './shared-apps.ts';

export interface Suite {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** Runs a scenario in a fresh browser session (own cookies), with diagnostics on failure. */
  inPage(scenario: (page: Page) => Promise<void>): Promise<void>;
}

/**
 * Registers the hooks every spec file needs: a server with these settings and one browser for
 * the file. The server is the run's shared one with the same settings when e2e/run.ts started
 * one (support/shared-apps.ts), else the file's own (own data directory), stopped at its end.
 * With `admin`, the account is filled in with the server's admin (the operator's command made
 * it before the server first started).
 */
export function useAppAndBrowser(env: Record<string, string> = {}, admin?: AdminAccount): Suite {
  let app: RunningApp | undefined;
  let ownApp = false;
  let browser: Browser | undefined;
  before(async () => {
    const shared = sharedApp(env);
    if (shared) {
      app = shared.app;
      if (admin) Object.assign(admin, shared.admin);
    } else {
      app = await startApp(env, admin ? async (dataDir) => void (admin.password = await createAdminWithCli(dataDir, admin.email)) : undefined);
      ownApp = true;
    }
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    if (ownApp) {
      await app?.stop();
      await app?.cleanup();
    }
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
