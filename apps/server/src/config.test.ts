import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadSecrets, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('switches Zendesk on only with its three variables; our database is the helpdesk otherwise', () => {
    expect(loadConfig({}).helpdesk).toBeNull();
    expect(loadConfig({ ZENDESK_SUBDOMAIN: 'Acme', ZENDESK_EMAIL: 'agent@acme.test', ZENDESK_API_TOKEN: 'tok' }).helpdesk).toEqual({
      provider: 'zendesk',
      subdomain: 'acme',
      email: 'agent@acme.test',
      apiToken: 'tok',
      apiUrl: 'https://acme.zendesk.com',
    });
    expect(loadConfig({ ZENDESK_SUBDOMAIN: 'acme', ZENDESK_EMAIL: 'a@acme.test', ZENDESK_API_TOKEN: 't', ZENDESK_API_URL: 'http://127.0.0.1:9999/' }).helpdesk?.apiUrl).toBe('http://127.0.0.1:9999');
  });

  it('has working defaults with nothing set', () => {
    const config = loadConfig({}, '/somewhere');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.join(REPO_ROOT, 'data'),
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Wattwise <no-reply@wattwise.local>',
      captcha: { provider: 'altcha', maxNumber: 50_000 },
      demoData: true,
      trustProxy: false,
      isHttps: false,
    });
  });

  it('derives the public URL from PORT and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '4000', DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('resolves relative paths against where npm was started (INIT_CWD)', () => {
    const config = loadConfig({ DATA_DIR: './mydata', INIT_CWD: '/home/op/wattwise' }, '/home/op/wattwise/apps/server');
    expect(config.dataDir).toBe('/home/op/wattwise/mydata');
  });

  it('warns when email links would point to localhost although the server is reached by another address', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).warnings.join(' ')).toContain('PUBLIC_URL is not set');
    expect(loadConfig({}).warnings).toHaveLength(1); // the default HOST listens on every address
    expect(loadConfig({ HOST: '127.0.0.1' }).warnings).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: 'https://wattwise.example.com' }).warnings).toEqual([]);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', AUTH_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
      expect(problems).toMatch(/AUTH_SECRET/);
    }
  });

  it('needs the keys of the chosen captcha provider', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'turnstile' })).toThrow(/TURNSTILE_SITE_KEY/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'x' })).toThrow(/RECAPTCHA_PROJECT_ID/);
    expect(() => loadConfig({ ZENDESK_SUBDOMAIN: 'acme', ZENDESK_EMAIL: 'agent@acme.test' })).toThrow(/Zendesk needs .*missing ZENDESK_API_TOKEN/);
    expect(() => loadConfig({ ZENDESK_API_TOKEN: 't' })).toThrow(/missing ZENDESK_SUBDOMAIN, ZENDESK_EMAIL/);
    expect(() => loadConfig({ ZENDESK_SUBDOMAIN: 'acme.zendesk.com', ZENDESK_EMAIL: 'a@b.test', ZENDESK_API_TOKEN: 't' })).toThrow(/ZENDESK_SUBDOMAIN: must be the subdomain only/);
    const config = loadConfig({ CAPTCHA_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' });
    expect(config.captcha).toMatchObject({ provider: 'turnstile', siteKey: 'site' });
  });

  it('marks https deployments (HSTS, secure cookies)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://wattwise.example/' })).toMatchObject({ publicUrl: 'https://wattwise.example', isHttps: true });
  });
});

describe('loadSecrets', () => {
  it('generates secrets once under DATA_DIR and keeps them across restarts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-secrets-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = loadSecrets(config);
      expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.altchaHmacKey).not.toBe(first.authSecret);
      expect(loadSecrets(config)).toEqual(first);
      expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers configured secrets', () => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({ AUTH_SECRET: secret, ALTCHA_HMAC_KEY: 'y'.repeat(20), DATA_DIR: '/nonexistent/never-written' });
    expect(loadSecrets(config)).toEqual({ authSecret: secret, altchaHmacKey: 'y'.repeat(20) });
  });
});
