import { createAdminWithCli } from './api-users.ts';
import { appAt, type AppAddress, type RunningApp, startApp } from './server.ts';

// Servers that several spec files use (e2e/run.ts starts them before the specs and stops them
// after): a spec whose server settings match one of these uses it instead of starting its own,
// saving a server start (and an admin made by the CLI) per spec. Specs keep their own server
// where they restart it, seed demo data, turn plan limits on or set the clock.

/** Where staff mail goes in the stories about staff loops (appointments, the inbox). */
export const OPERATOR_DESK = { SUPPORT_EMAIL: 'desk@operator.example', OPERATOR_NAME: 'Volt Co-op' };

/** The settings of the shared servers. */
export const SHARED_APP_SETTINGS: Record<string, string>[] = [{}, OPERATOR_DESK];

/** An admin the operator's command made before the server first started. */
export interface AdminAccount {
  email: string;
  password: string;
}

export interface SharedApp extends AppAddress {
  admin: AdminAccount;
}

const VARIABLE = 'WATTWISE_E2E_SHARED_APPS';

/** One key per set of settings, whatever their order. */
export function settingsKey(env: Record<string, string>): string {
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
}

/** The shared server with these settings, when the run started one (e2e/run.ts). */
export function sharedApp(env: Record<string, string>): (SharedApp & { app: RunningApp }) | undefined {
  const apps = JSON.parse(process.env[VARIABLE] ?? '{}') as Record<string, SharedApp>;
  const found = apps[settingsKey(env)];
  return found ? { ...found, app: appAt(found) } : undefined;
}

/** Starts the shared servers, each with an admin; returns their stop and the environment the specs read them from. */
export async function startSharedApps(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const started = await Promise.all(
    SHARED_APP_SETTINGS.map(async (settings, index) => {
      const admin: AdminAccount = { email: `shared-admin-${index}@example.com`, password: '' };
      const app = await startApp(settings, async (dataDir) => {
        admin.password = await createAdminWithCli(dataDir, admin.email);
      });
      return { settings, app, admin };
    }),
  );
  const apps: Record<string, SharedApp> = {};
  for (const { settings, app, admin } of started) apps[settingsKey(settings)] = { baseUrl: app.baseUrl, dataDir: app.dataDir, admin };
  return {
    env: { [VARIABLE]: JSON.stringify(apps) },
    async stop() {
      for (const { app } of started) {
        await app.stop();
        await app.cleanup();
      }
    },
  };
}
