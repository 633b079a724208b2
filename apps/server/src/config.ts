import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AiConfig } from './platform/ai.ts';
import type { HelpdeskConfig } from './platform/helpdesk/helpdesk.ts';
import type { PaymentsConfig } from './platform/payments/payments.ts';

/** The repository root (apps/server/src → ../../..), the base for default paths. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUSTED_ORIGINS: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default('Wattwise <no-reply@wattwise.local>'),
  /** Signs the mail provider's event webhook (/api/email/webhook); unset, the endpoint answers 503. */
  EMAIL_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Day of the month (UTC) the monthly summary of the month before goes out. */
  MONTHLY_SUMMARY_DAY: z.coerce.number().int().min(1).max(28).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'recaptcha']).default('altcha'),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_PROJECT_ID: optionalString,
  RECAPTCHA_API_KEY: optionalString,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_API_URL: z.url().default('https://recaptchaenterprise.googleapis.com'),
  ALTCHA_HMAC_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(10).default(600),
  SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  WEB_DIST_DIR: optionalString,
  /** When set, /metrics answers only requests carrying `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Unset: on in development, off in production (the demo account's password is public). */
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  /** Uploads one user may make per window, and bills one user may have waiting or being read at once. */
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  UPLOAD_CONCURRENCY_MAX: z.coerce.number().int().min(1).default(6),
  /** A bill job running longer than this is presumed dead (its process stopped) and run again. */
  BILL_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(600),
  /** How long a read may trust the signed session copy in a cookie (0: every request reads the database). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  BILL_LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** AI provider: Anthropic with a key, else an OpenAI-compatible endpoint; AI_MODEL names the model. */
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.anthropic.com'),
  OPENAI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  /** With a key, Rewiring America's incentives for the user's state are merged into the rebate picks. */
  /** The business's time zone: appointment slots are 09:00-16:30 there. */
  APPOINTMENT_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  REWIRING_AMERICA_API_KEY: optionalString,
  REWIRING_AMERICA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.rewiringamerica.org'),
  /** Smart home: the AES-256-GCM key of stored platform credentials (64 hex characters); unset: derived from AUTH_SECRET. */
  SMART_HOME_CREDENTIALS_KEY: optionalString.pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()),
  /** Home Assistant REST API (entities as devices, services as commands) with a long-lived access token. */
  HOME_ASSISTANT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  HOME_ASSISTANT_TOKEN: optionalString,
  /** An MQTT broker whose `wattwise/<user id>/<device id>` messages become energy readings. */
  MQTT_URL: optionalString.pipe(z.url({ protocol: /^mqtts?$/ }).optional()),
  /** How often automation rules are evaluated and simulated devices report. */
  AUTOMATION_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Tests only: the clock of automation rules can be set through POST /api/dev/clock. Refused in production. */
  TEST_CLOCK: bool(false),
  /** Payments: Stripe with a secret key (and its webhook signing secret); without one, the built-in test checkout. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /** Plan limits on bill uploads (free 1, basic 5 a month); `false` for a private server without plans. */
  PLAN_LIMITS: bool(true),
  /** Production only: serve the built-in test checkout without Stripe keys (a demo server). Elsewhere it is the default. */
  TEST_CHECKOUT: bool(false),
  /** Helpdesk: Zendesk when all three are set (tickets pushed there, status and agent replies synced back); else our database. */
  ZENDESK_SUBDOMAIN: optionalString.pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be the subdomain only, e.g. "wattwise" for wattwise.zendesk.com').optional()),
  ZENDESK_EMAIL: optionalString.pipe(z.email('must be the email of the Zendesk agent the API token belongs to').optional()),
  ZENDESK_API_TOKEN: optionalString,
  /** Tests only: where the Zendesk adapter sends its requests instead of https://<subdomain>.zendesk.com. */
  ZENDESK_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The contact form and ticket creation: messages one sender (account, else address) may send per window. */
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** npm sets INIT_CWD to where `npm run` was typed; relative paths resolve against it. */
  INIT_CWD: optionalString,
});

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type CaptchaConfig =
  | { provider: 'altcha'; maxNumber: number; expiresSeconds: number; hmacKey: string | undefined }
  | { provider: 'turnstile'; siteKey: string; secretKey: string; verifyUrl: string }
  | { provider: 'recaptcha'; siteKey: string; projectId: string; apiKey: string; minScore: number; apiUrl: string };

/**
 * Parses every environment variable once. Pure: reads nothing but `env` (and `cwd` for
 * relative paths), so tests pass their own. Throws ConfigError listing every problem.
 */
export function loadConfig(env: Env, cwd: string = process.cwd()) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const base = e.INIT_CWD ?? cwd;
  const resolvePath = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : path.resolve(base, value);

  let captcha: CaptchaConfig;
  switch (e.CAPTCHA_PROVIDER) {
    case 'altcha':
      captcha = { provider: 'altcha', maxNumber: e.ALTCHA_MAX_NUMBER, expiresSeconds: e.ALTCHA_EXPIRES_SECONDS, hmacKey: e.ALTCHA_HMAC_KEY };
      break;
    case 'turnstile':
      if (!e.TURNSTILE_SITE_KEY || !e.TURNSTILE_SECRET_KEY) problems.push('CAPTCHA_PROVIDER=turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY');
      captcha = { provider: 'turnstile', siteKey: e.TURNSTILE_SITE_KEY ?? '', secretKey: e.TURNSTILE_SECRET_KEY ?? '', verifyUrl: e.TURNSTILE_VERIFY_URL };
      break;
    case 'recaptcha':
      if (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_PROJECT_ID || !e.RECAPTCHA_API_KEY)
        problems.push('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY, RECAPTCHA_PROJECT_ID and RECAPTCHA_API_KEY');
      captcha = {
        provider: 'recaptcha',
        siteKey: e.RECAPTCHA_SITE_KEY ?? '',
        projectId: e.RECAPTCHA_PROJECT_ID ?? '',
        apiKey: e.RECAPTCHA_API_KEY ?? '',
        minScore: e.RECAPTCHA_MIN_SCORE,
        apiUrl: e.RECAPTCHA_API_URL,
      };
      break;
  }
  if (e.HOME_ASSISTANT_URL && !e.HOME_ASSISTANT_TOKEN) problems.push('HOME_ASSISTANT_URL needs HOME_ASSISTANT_TOKEN (a long-lived access token)');
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') problems.push('TEST_CLOCK cannot be set in production');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint /api/payments/webhook)');
  const zendeskSet = [e.ZENDESK_SUBDOMAIN, e.ZENDESK_EMAIL, e.ZENDESK_API_TOKEN].filter(Boolean).length;
  if (zendeskSet > 0 && zendeskSet < 3) {
    const missing = (['ZENDESK_SUBDOMAIN', 'ZENDESK_EMAIL', 'ZENDESK_API_TOKEN'] as const).filter((k) => !e[k]);
    problems.push(`Zendesk needs ZENDESK_SUBDOMAIN, ZENDESK_EMAIL and ZENDESK_API_TOKEN together; missing ${missing.join(', ')} (unset all three to keep tickets in our database)`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const trustedOrigins = (e.TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (e.NODE_ENV === 'development') trustedOrigins.push('http://localhost:5173', 'http://127.0.0.1:5173');

  const isProduction = e.NODE_ENV === 'production';
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustedOrigins,
    dataDir: resolvePath(e.DATA_DIR, path.join(REPO_ROOT, 'data')),
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    emailWebhookSecret: e.EMAIL_WEBHOOK_SECRET,
    monthlySummaryDay: e.MONTHLY_SUMMARY_DAY,
    appointmentTimeZone: e.APPOINTMENT_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    /** HSTS only makes sense when browsers reach us over TLS. */
    isHttps: publicUrl.startsWith('https://'),
    captcha,
    signInRateLimit: { max: e.SIGN_IN_RATE_LIMIT_MAX, window: e.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS },
    webDistDir: resolvePath(e.WEB_DIST_DIR, path.join(REPO_ROOT, 'apps/web/dist')),
    // Safe by default: a production start has no demo account unless asked for by name.
    demoData: e.DEMO_DATA === undefined || e.DEMO_DATA === '' ? !isProduction : ['true', '1', 'yes'].includes(e.DEMO_DATA),
    uploadLimits: {
      max: e.UPLOAD_RATE_LIMIT_MAX,
      windowSeconds: e.UPLOAD_RATE_LIMIT_WINDOW_SECONDS,
      concurrency: e.UPLOAD_CONCURRENCY_MAX,
    },
    billJobExpireSeconds: e.BILL_JOB_EXPIRE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    billListCacheBytes: Math.round(e.BILL_LIST_CACHE_MB * 1024 * 1024),
    metricsToken: e.METRICS_TOKEN,
    ai: aiConfig(e),
    payments: paymentsConfig(e),
    // Nothing to buy, nothing to limit: without payments every user uploads freely.
    planLimits: e.PLAN_LIMITS && paymentsConfig(e).provider !== 'none',
    rewiringAmerica: e.REWIRING_AMERICA_API_KEY ? { apiKey: e.REWIRING_AMERICA_API_KEY, baseUrl: e.REWIRING_AMERICA_API_URL } : null,
    smartHome: {
      credentialsKey: e.SMART_HOME_CREDENTIALS_KEY,
      homeAssistant: e.HOME_ASSISTANT_URL && e.HOME_ASSISTANT_TOKEN ? { url: e.HOME_ASSISTANT_URL.replace(/\/+$/, ''), token: e.HOME_ASSISTANT_TOKEN } : null,
      mqttUrl: e.MQTT_URL,
      automationIntervalSeconds: e.AUTOMATION_INTERVAL_SECONDS,
      testClock: e.TEST_CLOCK,
    },
    helpdesk: helpdeskConfig(e),
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT_MAX, windowSeconds: e.CONTACT_RATE_LIMIT_WINDOW_SECONDS },
    /** Said once at start: settings that work here but will surprise users elsewhere. */
    warnings: configWarnings(e),
  };
}

/**
 * Stripe when its keys are set; else the built-in test checkout, except in production, where it
 * would hand out plans for a test card: there no checkout runs unless TEST_CHECKOUT=true.
 */
function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return { provider: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL };
  }
  if (e.NODE_ENV === 'production' && !e.TEST_CHECKOUT) return { provider: 'none' };
  return { provider: 'test' };
}

/** Zendesk when its three variables are set (loadConfig refuses a partial set); else null: our database is the helpdesk. */
function helpdeskConfig(e: z.infer<typeof envSchema>): HelpdeskConfig | null {
  if (!e.ZENDESK_SUBDOMAIN || !e.ZENDESK_EMAIL || !e.ZENDESK_API_TOKEN) return null;
  const subdomain = e.ZENDESK_SUBDOMAIN.toLowerCase();
  return {
    provider: 'zendesk',
    subdomain,
    email: e.ZENDESK_EMAIL,
    apiToken: e.ZENDESK_API_TOKEN,
    apiUrl: (e.ZENDESK_API_URL ?? `https://${subdomain}.zendesk.com`).replace(/\/+$/, ''),
  };
}

/** The AI provider chosen by the environment, or null for the offline engines. */
function aiConfig(e: z.infer<typeof envSchema>): AiConfig | null {
  if (e.ANTHROPIC_API_KEY) {
    return { provider: 'anthropic', apiKey: e.ANTHROPIC_API_KEY, model: e.AI_MODEL ?? 'claude-3-5-haiku-latest', baseUrl: e.ANTHROPIC_BASE_URL };
  }
  if (e.OPENAI_BASE_URL) return { provider: 'openai', baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY ?? null, model: e.AI_MODEL ?? 'llama3.1' };
  return null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Without PUBLIC_URL, links in emails point at http://localhost:PORT; that only works when the
 * server listens on loopback. Listening on another address (the default 0.0.0.0 included)
 * means users reach it by another name, so the links would be wrong for them.
 */
function configWarnings(e: { PUBLIC_URL?: string | undefined; HOST: string; PORT: number }): string[] {
  if (e.PUBLIC_URL || LOOPBACK_HOSTS.has(e.HOST)) return [];
  return [
    `PUBLIC_URL is not set, so links in emails point to http://localhost:${e.PORT}, which only works on this machine. Set PUBLIC_URL to the address users reach (e.g. https://wattwise.example.com).`,
  ];
}

export type Config = ReturnType<typeof loadConfig>;

/** What an operator should hear about at start: production settings that leave something unsafe or unusable. */
export function startupWarnings(config: Pick<Config, 'isProduction' | 'smtpUrl' | 'metricsToken' | 'demoData'> & Partial<Pick<Config, 'payments' | 'planLimits'>>): string[] {
  if (!config.isProduction) return [];
  const warnings: string[] = [];
  if (!config.smtpUrl) {
    warnings.push('SMTP_URL is not set: no mail leaves this server (verification and password-reset links wait in the outbox, readable only by an admin at /dev/mailbox).');
  }
  if (!config.metricsToken) warnings.push('METRICS_TOKEN is not set: /metrics is off.');
  if (config.demoData) warnings.push('DEMO_DATA=true: the demo account exists on a production server.');
  if (config.payments?.provider === 'none') {
    warnings.push('STRIPE_SECRET_KEY is not set: no payments are taken (checkouts answer 503) and plan limits are off. Set the Stripe keys to sell plans.');
  }
  if (config.payments?.provider === 'test') {
    warnings.push('TEST_CHECKOUT=true: paid plans and bill payments go through the built-in test checkout, where anyone pays with a test card. Never on a server real users pay on.');
  }
  return warnings;
}

/** The configuration of this process (the one place that reads process.env). */
export function loadProcessConfig(): Config {
  return loadConfig(process.env);
}

/**
 * Tests only: a PostgreSQL server on which each test file gets a fresh database. The root
 * Vitest config sets it per project (empty for the PGlite run, TEST_DATABASE_URL for the
 * PostgreSQL run), so one `npm test` covers both.
 */
export function readTestDatabaseUrl(env: Env = process.env): string | undefined {
  return env.WATTWISE_TEST_DATABASE_URL || undefined;
}

/** Secrets that must survive restarts: taken from the config, else generated once under DATA_DIR. */
export type Secrets = { authSecret: string; altchaHmacKey: string };

function readOrCreateSecret(file: string): string {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadSecrets(config: Config): Secrets {
  const altchaKey = config.captcha.provider === 'altcha' ? config.captcha.hmacKey : undefined;
  return {
    authSecret: config.authSecret ?? readOrCreateSecret(path.join(config.dataDir, 'auth-secret')),
    altchaHmacKey: altchaKey ?? readOrCreateSecret(path.join(config.dataDir, 'altcha-hmac-key')),
  };
}
