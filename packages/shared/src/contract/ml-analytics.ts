import { z } from 'zod';

/** The ML analytics contract (02-tools §2.9, issue 17): `GET /api/ml-analytics`, from the caller's own bills. */

export const ML_MESSAGES = {
  failed: 'Failed to run ML analysis',
  done: 'ML analysis complete',
} as const;

const grade = z.enum(['green', 'yellow', 'red']);

const tooFewBillsSchema = z.object({ have: z.number().int(), need: z.number().int(), more: z.number().int() });
const forecastSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  usage: z.number(),
  usageLow: z.number(),
  usageHigh: z.number(),
  cost: z.number().nullable(),
  costLow: z.number().nullable(),
  costHigh: z.number().nullable(),
});

/** One utility account's own forecast: its bills only, never mixed with another account's. */
export const accountForecastSchema = z.object({
  key: z.string(),
  /** Provider and the account number's last digits, e.g. "Georgia Power ····1234". */
  label: z.string(),
  billType: z.string(),
  unit: z.string().nullable(),
  bills: z.number().int(),
  latestPeriodEnd: z.string(),
  tooFewBills: tooFewBillsSchema.nullable(),
  /** The period after the account's latest bill. */
  forecast: forecastSchema.nullable(),
  /** The backtest error (percent) the screen states next to the forecast; null without a backtest. */
  mape: z.number().nullable(),
  backtestBills: z.number().int(),
});
export type AccountForecast = z.infer<typeof accountForecastSchema>;

export const mlAnalyticsSchema = z
  .object({
    computedAt: z.string(),
    /** The account the forecast, backtest and anomalies below are for (the one with most bills); null without bills. */
    account: z.object({ key: z.string(), label: z.string() }).nullable(),
    /** Every account's own forecast (the one above among them). */
    accounts: z.array(accountForecastSchema),
    /** Whether the model is good enough to call a bill unusual, and what the screen says about it. */
    anomalyCheck: z.object({ judged: z.boolean(), maxMape: z.number(), message: z.string() }),
    billType: z.string().nullable(),
    unit: z.string().nullable(),
    bills: z.number().int(),
    /** Set when there are too few bills to forecast: how many the user has, needs, and how many more. */
    tooFewBills: tooFewBillsSchema.nullable(),
    forecast: forecastSchema.nullable(),
    metrics: z
      .object({
        mape: z.number(),
        mapeGrade: grade,
        rmse: z.number(),
        rmseGrade: grade,
        costMape: z.number().nullable(),
        costRmse: z.number().nullable(),
        costRmseGrade: grade.nullable(),
        backtestBills: z.number().int(),
      })
      .nullable(),
    predictions: z.array(z.object({ date: z.string(), actual: z.number(), predicted: z.number(), anomaly: z.boolean() })),
    features: z.array(z.object({ feature: z.string(), importance: z.number(), category: z.string() })),
    clustering: z.object({
      users: z.number().int(),
      minUsers: z.number().int(),
      clusters: z.array(z.object({ clusterId: z.number().int(), customers: z.number().int(), avgUsage: z.number(), isYours: z.boolean() })),
      yourCluster: z.number().int().nullable(),
    }),
    anomalies: z.array(
      z.object({ timestamp: z.string(), value: z.number(), anomalyScore: z.number(), isAnomaly: z.boolean(), severity: z.enum(['low', 'medium', 'high']), explanation: z.string() }),
    ),
  })
  .meta({ id: 'MlAnalytics' });
export type MlAnalytics = z.infer<typeof mlAnalyticsSchema>;
