import { z } from 'zod';

/** Platform status and integration checks (02-tools §2.20, §3 Platform, §4, §8; issue 17). */

export const PLATFORM_MESSAGES = {
  offline: 'Platform is currently offline. Please try again later.',
  healthCheckFailed: 'Health Check Failed',
  someUnavailable: 'Platform Status: Some services may be temporarily unavailable',
  allWorking: (n: number) => `All ${n} backend integrations are working correctly!`,
  someWorking: (x: number, n: number) => `${x}/${n} integrations working. Check details for issues.`,
  diagnosticAll: (n: number) => `All ${n} assessment components working correctly!`,
  diagnosticSome: (x: number, n: number) => `${x}/${n} assessment components working. Check details for issues.`,
  diagnosticFailed: 'Failed to complete assessment diagnostic',
} as const;

/** 02-tools §9: health check every 5 minutes; the dashboard polls status every 60 seconds. */
export const HEALTH_CHECK_MS = 5 * 60_000;
export const STATUS_POLL_MS = 60_000;

export const checkSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    /** embedded: the built-in default; configured: a production service set by environment. */
    mode: z.enum(['embedded', 'configured']),
    provider: z.string(),
    status: z.enum(['success', 'warning', 'error']),
    message: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    ms: z.number(),
  })
  .meta({ id: 'IntegrationCheck' });
export type IntegrationCheck = z.infer<typeof checkSchema>;

export const platformChecksSchema = z.object({ isOnline: z.boolean(), lastCheck: z.string(), version: z.string(), checks: z.array(checkSchema) }).meta({ id: 'PlatformChecks' });
export type PlatformChecks = z.infer<typeof platformChecksSchema>;

/** What anyone may see (/backend-status): up or down, nothing about the parts. */
export const platformStatusSchema = z.object({ isOnline: z.boolean(), lastCheck: z.string(), version: z.string() }).meta({ id: 'PlatformStatus' });
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

export const databaseStatusSchema = z
  .object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.array(z.object({ tag: z.string(), applied: z.boolean(), appliedAt: z.string().nullable() })),
    tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
    queries: z.array(z.object({ name: z.string(), ms: z.number() })),
  })
  .meta({ id: 'DatabaseStatus' });
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;
