import type { Page } from 'playwright-core';
import { signInViaApi } from './api-users.ts';
import { uniqueEmail } from './browser.ts';
import type { AdminAccount } from './shared-apps.ts';
import { useAppAndBrowser } from './suite.ts';

/**
 * A spec's server with an admin the operator's command made before the server first started
 * (the run's shared server's admin, or one made for the spec's own), and a way to open an admin
 * tab as that admin.
 */
export function useAppWithAdmin(env: Record<string, string>, name: string) {
  const admin: AdminAccount = { email: uniqueEmail(name), password: '' };
  const suite = useAppAndBrowser(env, admin);
  const asAdmin = async (page: Page, tab: string) => {
    await signInViaApi(page.request, suite.app.baseUrl, admin.email, admin.password);
    await page.goto(`/admin?tab=${tab}`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  };
  return { suite, admin, asAdmin };
}
