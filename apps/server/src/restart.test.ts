import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseOptionsFromConfig } from './db/client.ts';
import { loadConfig, loadSecrets } from './config.ts';
import { cookiesOf, createTestContext, FROM_LOOPBACK, linkIn, postJson, solveCaptcha, STRONG_PASSWORD, waitForMail } from './test/test-app.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the app the way main.ts does on the embedded database: PGlite under DATA_DIR/pg, secrets in DATA_DIR. */
async function start() {
  const config = loadConfig({ DATA_DIR: dataDir });
  return createTestContext({ DATA_DIR: dataDir }, { databaseOptions: databaseOptionsFromConfig(config), secrets: loadSecrets(config), dataDir });
}

describe('restart with the embedded database', () => {
  it('keeps users, sessions and mail in DATA_DIR', { timeout: 90_000 }, async () => {
    const email = 'restart@example.com';
    let cookie: string;
    const first = await start();
    try {
      expect(first.database.kind).toBe('pglite');
      const signUp = await postJson(first.app, '/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'R', callbackURL: '/auth/callback' }, { captcha: await solveCaptcha(first.app) });
      expect(signUp.status).toBe(200);
      const mail = await waitForMail(first.database, email, 'Confirm your email');
      const link = linkIn(mail.text, '/api/auth/verify-email');
      expect((await first.app.request(link.pathname + link.search)).status).toBe(302);
      const signIn = await postJson(first.app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { captcha: await solveCaptcha(first.app) });
      expect(signIn.status).toBe(200);
      cookie = cookiesOf(signIn);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(true);

    const second = await start();
    try {
      const session = await second.app.request('/api/auth/get-session', { headers: { cookie } });
      expect(((await session.json()) as { user: { email: string } } | null)?.user.email).toBe(email);
      const mailbox = await (await second.app.request('/dev/mailbox', {}, FROM_LOOPBACK)).text();
      expect(mailbox).toContain('Confirm your email');
    } finally {
      await second.close();
    }
  });
});
