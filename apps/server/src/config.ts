import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BusinessCalendar } from '@wattwise/shared/contract/appointments';
import type { AiConfig } from './platform/ai.ts';
import type { FileEncryptionKeys } from './platform/encrypted-storage.ts';
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
  /** Where to listen. Development (the default) listens on 127.0.0.1 only; production on every address. HOST=0.0.0.0 exposes a development server. */
  HOST: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUSTED_ORIGINS: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** PostgreSQL only: connections per process, a statement's longest run, and how long to wait for a connection. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** What this process does: `api` serves HTTP only, `worker` runs jobs only (and answers health and metrics), `all` both. */
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
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
  /** Uploads refused for their file (size, type, unreadable, decode budget) one user, and one address, may send per window. */
  UPLOAD_REJECTED_MAX: z.coerce.number().int().min(1).default(60),
  UPLOAD_REJECTED_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Bill files in an S3-compatible bucket (AWS, MinIO…) instead of DATA_DIR/uploads; all processes must see the same files. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `endpoint/bucket/key` addressing (MinIO); default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  /** Bill reading (rendering, decoding, OCR) in worker threads: how many (default one per two cores), each reading's time and memory, and the pixels one file may decode. */
  READER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  READER_TIMEOUT_SECONDS: z.coerce.number().int().min(5).default(300),
  READER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  READER_MAX_MEGAPIXELS: z.coerce.number().min(1).max(2000).default(100),
  /** A bill job running longer than this is presumed dead (its process stopped) and run again. */
  BILL_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(600),
  /** A worker touches the bill it reads this often; a bill untouched for BILL_STALE_SECONDS lost its worker (killed) and is read again. */
  BILL_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).default(10),
  BILL_STALE_SECONDS: z.coerce.number().int().min(2).default(45),
  /** How long a read may trust the signed session copy in a cookie (0: every request reads the database). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  BILL_LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** AI provider: Anthropic with a key, else an OpenAI-compatible endpoint; AI_MODEL (or OPENAI_MODEL for the latter) names the model. */
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.anthropic.com'),
  OPENAI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  OPENAI_MODEL: optionalString,
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
  /** Working days of the consultation calendar (0 = Sunday … 6 = Saturday), comma-separated. */
  BUSINESS_DAYS: z
    .string()
    .default('1,2,3,4,5')
    .pipe(z.string().regex(/^[0-6](\s*,\s*[0-6])*$/, 'must list weekdays as numbers 0 (Sunday) to 6 (Saturday), e.g. 1,2,3,4,5')),
  /** Opening hours in the business time zone; consultations of 30 minutes fill them. */
  BUSINESS_HOURS: z
    .string()
    .default('09:00-17:00')
    .pipe(z.string().regex(/^([01]\d|2[0-3]):[03]0-([01]\d|2[0-4]):[03]0$/, 'must be HH:MM-HH:MM on the half hour, e.g. 09:00-17:00')),
  /** Days without consultations (public holidays), YYYY-MM-DD, comma-separated. */
  HOLIDAYS: z
    .string()
    .default('')
    .pipe(z.string().regex(/^(\s*\d{4}-\d{2}-\d{2}\s*(,\s*\d{4}-\d{2}-\d{2}\s*)*)?$/, 'must list days as YYYY-MM-DD, comma-separated')),
  /** Who runs this server, as pages and emails name them (01-core contact card, FAQ, mail footers). */
  OPERATOR_NAME: z.string().trim().min(1).default('Wattwise'),
  /** Where staff read contact messages and bookings; the organiser of consultation invitations. */
  SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
  SUPPORT_PHONE: optionalString,
  /** The postal address, lines separated by '|'. */
  OPERATOR_ADDRESS: optionalString,
  REWIRING_AMERICA_API_KEY: optionalString,
  REWIRING_AMERICA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.rewiringamerica.org'),
  /** Smart home: the AES-256-GCM key of stored platform credentials (64 hex characters); unset: derived from AUTH_SECRET. */
  /** Stored bill files: the AES-256-GCM key (64 hex characters); unset: generated once into DATA_DIR/file-encryption-key. */
  FILE_ENCRYPTION_KEY: optionalString.pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()),
  /** After a key rotation: the keys files may still be encrypted with, comma-separated (64 hex characters each). */
  FILE_ENCRYPTION_PREVIOUS_KEYS: optionalString.pipe(
    z.string().regex(/^[0-9a-fA-F]{64}(\s*,\s*[0-9a-fA-F]{64})*$/, 'must be comma-separated keys of 64 hex characters').optional(),
  ),
  /** The operator's own certification statement shown on the compliance page (e.g. "SOC 2 Type I report by <auditor>, 2026"); unset: no certification is claimed. */
  COMPLIANCE_STATEMENT: optionalString.pipe(z.string().max(500).optional()),
  SMART_HOME_CREDENTIALS_KEY: optionalString.pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()),
  /**
   * The operator's own Home Assistant (REST API, long-lived access token). Only an admin can
   * attach it, to their own account; every other user connects their own Home Assistant.
   */
  HOME_ASSISTANT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  HOME_ASSISTANT_TOKEN: optionalString,
  /**
   * Lets users' Home Assistant URLs point at loopback, private and link-local addresses. Turn it
   * on only for a household server whose users are the household (their Home Assistant is on
   * the LAN); never on a server strangers can sign up to: it lets them reach the server's own
   * network. Metadata addresses stay refused either way.
   */
  SMART_HOME_ALLOW_PRIVATE: bool(false),
  /** An MQTT broker whose `wattwise/<user id>/<device id>` messages become energy readings. */
  MQTT_URL: optionalString.pipe(z.url({ protocol: /^mqtts?$/ }).optional()),
  /** The shared-subscription group of this install's workers (`$share/<group>/wattwise/+/+`); unset: derived from AUTH_SECRET. */
  MQTT_SHARED_GROUP: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only').optional()),
  /** How often automation rules are evaluated and simulated devices report. */
  AUTOMATION_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The API reference (/api/docs, /api/openapi.json) for everyone; unset: public in development, admins only in production. */
  API_DOCS_PUBLIC: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
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

/** Where staff mail goes until SUPPORT_EMAIL is set (production warns at start). */
const DEFAULT_SUPPORT_EMAIL = 'support@wattwise.local';

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
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) problems.push('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (!e.S3_BUCKET && e.S3_ENDPOINT) problems.push('S3_ENDPOINT is set without S3_BUCKET (the bucket bill files go to)');
  if (e.BILL_STALE_SECONDS <= e.BILL_HEARTBEAT_SECONDS) problems.push('BILL_STALE_SECONDS must be longer than BILL_HEARTBEAT_SECONDS (a bill being read would look abandoned)');
  if (e.HOME_ASSISTANT_URL && !e.HOME_ASSISTANT_TOKEN) problems.push('HOME_ASSISTANT_URL needs HOME_ASSISTANT_TOKEN (a long-lived access token)');
  const [opens, closes] = e.BUSINESS_HOURS.split('-');
  if (opens && closes && opens >= closes) problems.push('BUSINESS_HOURS must open before it closes, e.g. 09:00-17:00');
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
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host,
    /** True when HOST was not set and this development server listens on loopback only. */
    localOnlyByDefault: e.HOST === undefined && !isProduction,
    publicUrl,
    trustedOrigins,
    dataDir: resolvePath(e.DATA_DIR, path.join(REPO_ROOT, 'data')),
    databaseUrl: e.DATABASE_URL,
    databasePool: { max: e.DATABASE_POOL_MAX, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS },
    role: e.ROLE,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    emailWebhookSecret: e.EMAIL_WEBHOOK_SECRET,
    monthlySummaryDay: e.MONTHLY_SUMMARY_DAY,
    appointmentTimeZone: e.APPOINTMENT_TIME_ZONE,
    /** The consultation calendar: working days, opening hours and holidays in the business time zone. */
    businessCalendar: businessCalendarConfig(e),
    /** The operator's identity, one source for every page and email. */
    operator: {
      name: e.OPERATOR_NAME,
      supportEmail: e.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
      phone: e.SUPPORT_PHONE ?? null,
      address: e.OPERATOR_ADDRESS ? e.OPERATOR_ADDRESS.split('|').map((l) => l.trim()).filter(Boolean) : [],
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    /** HSTS only makes sense when browsers reach us over TLS. */
    isHttps: publicUrl.startsWith('https://'),
    captcha,
    signInRateLimit: { max: e.SIGN_IN_RATE_LIMIT_MAX, window: e.SIGN_IN_RATE_LIMIT_WINDOW_SECONDS },
    webDistDir: resolvePath(e.WEB_DIST_DIR, path.join(REPO_ROOT, 'apps/web/dist')),
    // Safe by default: a production start has no demo account unless asked for by name.
    apiDocsPublic: e.API_DOCS_PUBLIC === undefined || e.API_DOCS_PUBLIC === '' ? !isProduction : ['true', '1', 'yes'].includes(e.API_DOCS_PUBLIC),
    demoData: e.DEMO_DATA === undefined || e.DEMO_DATA === '' ? !isProduction : ['true', '1', 'yes'].includes(e.DEMO_DATA),
    uploadLimits: {
      max: e.UPLOAD_RATE_LIMIT_MAX,
      windowSeconds: e.UPLOAD_RATE_LIMIT_WINDOW_SECONDS,
      concurrency: e.UPLOAD_CONCURRENCY_MAX,
      rejected: { max: e.UPLOAD_REJECTED_MAX, windowSeconds: e.UPLOAD_REJECTED_WINDOW_SECONDS },
    },
    billJobExpireSeconds: e.BILL_JOB_EXPIRE_SECONDS,
    billHeartbeatSeconds: e.BILL_HEARTBEAT_SECONDS,
    billStaleSeconds: e.BILL_STALE_SECONDS,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === undefined || e.S3_FORCE_PATH_STYLE === '' ? e.S3_ENDPOINT !== undefined : ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
          }
        : null,
    reader: {
      /** undefined: the default for the machine (extractor `defaultReaderThreads`). */
      threads: e.READER_THREADS,
      taskTimeoutMs: e.READER_TIMEOUT_SECONDS * 1000,
      memoryMb: e.READER_MEMORY_MB,
      maxDecodedPixels: Math.round(e.READER_MAX_MEGAPIXELS * 1_000_000),
    },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    billListCacheBytes: Math.round(e.BILL_LIST_CACHE_MB * 1024 * 1024),
    metricsToken: e.METRICS_TOKEN,
    ai: aiConfig(e),
    payments: paymentsConfig(e),
    // Nothing to buy, nothing to limit: without payments every user uploads freely.
    planLimits: e.PLAN_LIMITS && paymentsConfig(e).provider !== 'none',
    rewiringAmerica: e.REWIRING_AMERICA_API_KEY ? { apiKey: e.REWIRING_AMERICA_API_KEY, baseUrl: e.REWIRING_AMERICA_API_URL } : null,
    complianceStatement: e.COMPLIANCE_STATEMENT ?? null,
    fileEncryption: {
      key: e.FILE_ENCRYPTION_KEY,
      previousKeys: (e.FILE_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    },
    smartHome: {
      credentialsKey: e.SMART_HOME_CREDENTIALS_KEY,
      homeAssistant: e.HOME_ASSISTANT_URL && e.HOME_ASSISTANT_TOKEN ? { url: e.HOME_ASSISTANT_URL.replace(/\/+$/, ''), token: e.HOME_ASSISTANT_TOKEN } : null,
      allowPrivate: e.SMART_HOME_ALLOW_PRIVATE,
      mqttUrl: e.MQTT_URL,
      mqttSharedGroup: e.MQTT_SHARED_GROUP,
      automationIntervalSeconds: e.AUTOMATION_INTERVAL_SECONDS,
      testClock: e.TEST_CLOCK,
    },
    helpdesk: helpdeskConfig(e),
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT_MAX, windowSeconds: e.CONTACT_RATE_LIMIT_WINDOW_SECONDS },
    /** Said once at start: settings that work here but will surprise users elsewhere. */
    warnings: configWarnings({ ...e, HOST: host }),
  };
}

/**
 * Several processes on one PostgreSQL database must share the secrets that sign sessions and
 * captcha challenges; a process that generated its own (under its DATA_DIR) answers 401 to the
 * others' users. The message when that is the case, else null. main.ts warns in development and
 * refuses to start in production.
 */
export function perProcessSecretsProblem(config: Pick<Config, 'databaseUrl' | 'authSecret' | 'captcha' | 'fileEncryption'>): string | null {
  if (!config.databaseUrl) return null;
  const names: string[] = [];
  if (!config.authSecret) names.push('AUTH_SECRET');
  if (config.captcha.provider === 'altcha' && !config.captcha.hmacKey) names.push('ALTCHA_HMAC_KEY');
  // A file one process stored is read by another (a worker): both need the key it was encrypted with.
  if (!config.fileEncryption.key) names.push('FILE_ENCRYPTION_KEY');
  if (names.length === 0) return null;
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `DATABASE_URL is set but ${list} ${names.length > 1 ? 'are' : 'is'} generated in this process's data folder: another process on the same database would refuse its sessions (401) or could not read the files it stored. Set the same value in every process.`;
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

function businessCalendarConfig(e: z.infer<typeof envSchema>): BusinessCalendar {
  const [open = '09:00', close = '17:00'] = e.BUSINESS_HOURS.split('-');
  return {
    timeZone: e.APPOINTMENT_TIME_ZONE,
    days: [...new Set(e.BUSINESS_DAYS.split(',').map((d) => Number(d.trim())))].sort(),
    open,
    close,
    holidays: e.HOLIDAYS.split(',').map((d) => d.trim()).filter(Boolean),
  };
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
  if (e.OPENAI_BASE_URL) return { provider: 'openai', baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY ?? null, model: e.AI_MODEL ?? e.OPENAI_MODEL ?? 'llama3.1' };
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
export function startupWarnings(config: Pick<Config, 'isProduction' | 'smtpUrl' | 'metricsToken' | 'demoData'> & Partial<Pick<Config, 'payments' | 'planLimits' | 'operator'>>): string[] {
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
  if (config.operator?.supportEmail === DEFAULT_SUPPORT_EMAIL) {
    warnings.push('SUPPORT_EMAIL is not set: contact messages and bookings are mailed to support@wattwise.local, which nobody reads. Set it to the address staff read.');
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
export type Secrets = { authSecret: string; altchaHmacKey: string; fileEncryption: FileEncryptionKeys };

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

const FILE_KEY_NAME = 'file-encryption-key';

/**
 * The key stored bill files are encrypted with: FILE_ENCRYPTION_KEY, else one generated once into
 * DATA_DIR (like the auth secret). A generated key that a configured one replaced stays readable.
 */
function loadFileEncryptionKeys(config: Config): FileEncryptionKeys {
  const file = path.join(config.dataDir, FILE_KEY_NAME);
  const previous = config.fileEncryption.previousKeys.map((k) => Buffer.from(k, 'hex'));
  if (config.fileEncryption.key) {
    let generated: Buffer | null = null;
    try {
      const text = fs.readFileSync(file, 'utf8').trim();
      if (/^[0-9a-f]{64}$/i.test(text)) generated = Buffer.from(text, 'hex');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return { current: Buffer.from(config.fileEncryption.key, 'hex'), previous: generated ? [...previous, generated] : previous };
  }
  let hex: string;
  try {
    hex = fs.readFileSync(file, 'utf8').trim();
    // Never replace a damaged key silently: every file encrypted with it would be lost.
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new ConfigError([`${file} must hold 64 hex characters (the key stored bill files are encrypted with)`]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hex = randomBytes(32).toString('hex');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { current: Buffer.from(hex, 'hex'), previous };
}

/**
 * The install's MQTT shared-subscription group: MQTT_SHARED_GROUP, else one derived from the
 * auth secret (the same in every process of an install, different between installs).
 */
export function mqttSharedGroup(config: Pick<Config, 'smartHome'>, secrets: Pick<Secrets, 'authSecret'>): string {
  return config.smartHome.mqttSharedGroup ?? `wattwise-${createHash('sha256').update(`mqtt-group:${secrets.authSecret}`).digest('hex').slice(0, 12)}`;
}

export function loadSecrets(config: Config): Secrets {
  const altchaKey = config.captcha.provider === 'altcha' ? config.captcha.hmacKey : undefined;
  return {
    authSecret: config.authSecret ?? readOrCreateSecret(path.join(config.dataDir, 'auth-secret')),
    altchaHmacKey: altchaKey ?? readOrCreateSecret(path.join(config.dataDir, 'altcha-hmac-key')),
    fileEncryption: loadFileEncryptionKeys(config),
  };
}
