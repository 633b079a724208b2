import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadSecrets, mqttSharedGroup, perProcessSecretsProblem, REPO_ROOT } from './config.ts';

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
      // Development (the default) is local: only this machine reaches it until HOST says otherwise.
      host: '127.0.0.1',
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
    expect(loadConfig({}).warnings).toEqual([]); // development listens on 127.0.0.1 by default
    expect(loadConfig({ HOST: '127.0.0.1' }).warnings).toEqual([]);
  });

  it('listens on 127.0.0.1 in development unless HOST is set; production keeps every address', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', localOnlyByDefault: true });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', localOnlyByDefault: false });
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).host).toBe('0.0.0.0');
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

describe('process roles and the database pool', () => {
  it('runs every role in one process by default and takes ROLE and the pool settings from the environment', () => {
    const defaults = loadConfig({});
    expect(defaults.role).toBe('all');
    expect(defaults.databasePool).toEqual({ max: 10, statementTimeoutMs: 30_000, connectTimeoutMs: 5_000 });
    const worker = loadConfig({ ROLE: 'worker', DATABASE_POOL_MAX: '25', DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_CONNECT_TIMEOUT_MS: '2000' });
    expect(worker.role).toBe('worker');
    expect(worker.databasePool).toEqual({ max: 25, statementTimeoutMs: 5000, connectTimeoutMs: 2000 });
    expect(loadConfig({ ROLE: 'api' }).role).toBe('api');
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '1' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('names the per-process secrets only when several processes may share the database', () => {
    expect(perProcessSecretsProblem(loadConfig({}))).toBeNull();
    const shared = loadConfig({ DATABASE_URL: 'postgres://db/wattwise' });
    expect(perProcessSecretsProblem(shared)).toMatch(/AUTH_SECRET, ALTCHA_HMAC_KEY and FILE_ENCRYPTION_KEY/);
    const fileKey = { FILE_ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(perProcessSecretsProblem(loadConfig({ DATABASE_URL: 'postgres://db/wattwise', AUTH_SECRET: 'a'.repeat(32), ...fileKey }))).toMatch(/ALTCHA_HMAC_KEY is generated/);
    expect(perProcessSecretsProblem(loadConfig({ DATABASE_URL: 'postgres://db/wattwise', AUTH_SECRET: 'a'.repeat(32), ALTCHA_HMAC_KEY: 'k'.repeat(16) }))).toMatch(/FILE_ENCRYPTION_KEY is generated/);
    expect(perProcessSecretsProblem(loadConfig({ DATABASE_URL: 'postgres://db/wattwise', AUTH_SECRET: 'a'.repeat(32), ALTCHA_HMAC_KEY: 'k'.repeat(16), ...fileKey }))).toBeNull();
  });
});

describe('the MQTT shared-subscription group', () => {
  it('comes from MQTT_SHARED_GROUP, else from the install secret: the same for its processes, another for another install', () => {
    expect(mqttSharedGroup(loadConfig({ MQTT_SHARED_GROUP: 'home-fleet' }), { authSecret: 'a'.repeat(32) })).toBe('home-fleet');
    const one = mqttSharedGroup(loadConfig({}), { authSecret: 'a'.repeat(32) });
    expect(one).toMatch(/^wattwise-[0-9a-f]{12}$/);
    expect(mqttSharedGroup(loadConfig({}), { authSecret: 'a'.repeat(32) })).toBe(one);
    expect(mqttSharedGroup(loadConfig({}), { authSecret: 'b'.repeat(32) })).not.toBe(one);
    expect(() => loadConfig({ MQTT_SHARED_GROUP: 'a/b' })).toThrow(/MQTT_SHARED_GROUP/);
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
    const fileKey = 'ab'.repeat(32);
    const config = loadConfig({ AUTH_SECRET: secret, ALTCHA_HMAC_KEY: 'y'.repeat(20), FILE_ENCRYPTION_KEY: fileKey, DATA_DIR: '/nonexistent/never-written' });
    expect(loadSecrets(config)).toEqual({ authSecret: secret, altchaHmacKey: 'y'.repeat(20), fileEncryption: { current: Buffer.from(fileKey, 'hex'), previous: [] } });
  });

  it('generates the file encryption key once, keeps the generated one readable after a configured key replaces it, and never replaces a damaged key file', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wattwise-file-key-'));
    try {
      const generated = loadSecrets(loadConfig({ DATA_DIR: dataDir })).fileEncryption;
      expect(generated.current).toHaveLength(32);
      expect(fs.statSync(path.join(dataDir, 'file-encryption-key')).mode & 0o777).toBe(0o600);
      expect(loadSecrets(loadConfig({ DATA_DIR: dataDir })).fileEncryption).toEqual(generated);
      const configured = 'cd'.repeat(32);
      const old = 'ef'.repeat(32);
      const rotated = loadSecrets(loadConfig({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEY: configured, FILE_ENCRYPTION_PREVIOUS_KEYS: old })).fileEncryption;
      expect(rotated).toEqual({ current: Buffer.from(configured, 'hex'), previous: [Buffer.from(old, 'hex'), generated.current] });
      fs.writeFileSync(path.join(dataDir, 'file-encryption-key'), 'damaged');
      expect(() => loadSecrets(loadConfig({ DATA_DIR: dataDir }))).toThrow(/64 hex characters/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a malformed file encryption key', () => {
    expect(() => loadConfig({ FILE_ENCRYPTION_KEY: 'short' })).toThrow(/FILE_ENCRYPTION_KEY/);
    expect(() => loadConfig({ FILE_ENCRYPTION_PREVIOUS_KEYS: `${'ab'.repeat(32)},nope` })).toThrow(/FILE_ENCRYPTION_PREVIOUS_KEYS/);
  });
});
