import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from 'playwright-core';
import { STRONG_PASSWORD } from './browser.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Sign-up and sign-in through the API (the browser's own request context, so its cookies are
 * the page's): a spec about something else does not click through the auth dialog each time.
 */

/** Solves the server's ALTCHA proof of work (SHA-256(salt + n) = challenge) as the widget does. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/captcha/challenge')).json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
      const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: n, salt: challenge.salt, signature: challenge.signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('captcha not solvable');
}

/** The newest dev-mailbox message to `to` whose subject contains `subject`: its HTML page. */
export async function readMail(request: APIRequestContext, to: string, subject: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  while (Date.now() < deadline) {
    const list = await (await request.get('/dev/mailbox')).text();
    const rows = list.split('<tr>').filter((row) => row.includes(`<td>${to}</td>`) && new RegExp(escaped).test(row));
    const id = rows[0]?.match(/href="\/dev\/mailbox\/([^"]+)"/)?.[1];
    if (id) return (await request.get(`/dev/mailbox/${id}`)).text();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
}

/** Signs the browser context in through the API. */
export async function signInViaApi(request: APIRequestContext, baseUrl: string, email: string, password = STRONG_PASSWORD): Promise<void> {
  const res = await request.post('/api/auth/sign-in/email', { headers: { origin: baseUrl, 'x-captcha-response': await solveCaptcha(request) }, data: { email, password } });
  assert.equal(res.status(), 200, `sign-in of ${email}: ${await res.text()}`);
}

/** A new account with its email confirmed (the mailed link followed), signed in on this browser context. */
export async function signUpViaApi(request: APIRequestContext, baseUrl: string, email: string): Promise<void> {
  const res = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseUrl, 'x-captcha-response': await solveCaptcha(request) },
    data: { email, password: STRONG_PASSWORD, name: email.split('@')[0], callbackURL: '/auth/callback' },
  });
  assert.equal(res.status(), 200, `sign-up of ${email}: ${await res.text()}`);
  const mail = await readMail(request, email, 'Confirm your email');
  const link = mail.match(/href="([^"]*verify-email[^"]*)"/)?.[1]?.replace(/&amp;/g, '&');
  assert.ok(link, 'no verification link in the mail');
  await request.get(link, { maxRedirects: 0 });
  await signInViaApi(request, baseUrl, email);
}

/**
 * Makes an admin with the operator's command (`wattwise create-admin`) on a data directory whose
 * server is not running (the embedded database has one process); returns the password it printed.
 */
export async function createAdminWithCli(dataDir: string, email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'create-admin', email], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  const password = /Password, shown once:\s+(\S+)/.exec(stdout)?.[1];
  assert.ok(password, `no password in: ${stdout}`);
  return password;
}
