import type { Page } from 'playwright-core';
import { createAdminWithCli, signInViaApi } from './api-users.ts';
import { uniqueEmail } from './browser.ts';
import { useAppAndBrowser } from './suite.ts';

/**
 * A spec's server with an admin the operator's command made before the server first started
 * (no restart needed), and a way to open an admin tab as that admin.
 */
export function useAppWithAdmin(env: Record<string, string>, name: string) {
  const admin = { email: uniqueEmail(name), password: '' };
  const suite = useAppAndBrowser(env, async (dataDir) => {
    admin.password = await createAdminWithCli(dataDir, admin.email);
  });
  const asAdmin = async (page: Page, tab: string) => {
    await signInViaApi(page.request, suite.app.baseUrl, admin.email, admin.password);
    await page.goto(`/admin?tab=${tab}`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  };
  return { suite, admin, asAdmin };
}
