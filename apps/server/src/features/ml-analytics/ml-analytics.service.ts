import { clusterProfiles, MIN_USERS_FOR_CLUSTERING, monthlyShares } from '@wattwise/shared/ml/cluster';
import {
  ANOMALY_MAX_MAPE,
  type AnomalyJudgement,
  ERROR_TARGETS,
  forecastNextBill,
  type ForecastResult,
  gradeError,
  judgeAnomalies,
  MIN_BACKTEST_FOR_ANOMALIES,
} from '@wattwise/shared/ml/forecast';
import type { AccountForecast, MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../http/types.ts';
import { listMlBills, listUsageProfileBills, type MlBillRow } from '../bills/bills.service.ts';

// ML analytics (02-tools §2.9; issues 17, 24): per utility account, a forecast of the period after
// its latest bill with the backtest error stated, the model's feature weights, a clustering of
// anonymised usage profiles, and anomalies only where the model is good enough to judge.

/** 02-tools §4/§9: an anomaly scores over 0.7 (here: 0.7 at the interval's edge, more the farther out); over 0.9 high, over 0.8 medium. Up to 5 listed. */const MAX_ANOMALIES = 5;
/** A user's profile counts for clustering from this many bills (half a year). */
const PROFILE_MIN_BILLS = 6;

const severityOf = (score: number) => (score > 0.9 ? 'high' : score > 0.8 ? 'medium' : 'low');

type AccountSeries = { key: string; label: string; bills: MlBillRow[]; result: ForecastResult };

const labelOf = (b: MlBillRow) => {
  const digits = b.accountNumber.replace(/[^0-9A-Za-z]/g, '');
  const provider = b.provider === 'Unknown' ? 'Unknown utility' : b.provider;
  return digits && b.accountNumber !== 'Unknown' ? `${provider} ····${digits.slice(-4)}` : provider;
};

/**
 * Each utility account's bills as its own series, with its own forecast of the period after its
 * latest bill: never one series from several accounts or utilities. Most bills first (ties: the
 * most recent latest bill).
 */
function accountSeries(bills: MlBillRow[]): AccountSeries[] {
  const groups = new Map<string, MlBillRow[]>();
  for (const b of bills) groups.set(b.accountKey, [...(groups.get(b.accountKey) ?? []), b]);
  return [...groups.entries()]
    .map(([key, own]) => ({
      key,
      label: labelOf(own.at(-1) as MlBillRow),
      bills: own,
      result: forecastNextBill(own.map((b) => ({ periodStart: b.periodStart, periodEnd: b.periodEnd, usage: b.usage, cost: b.cost }))),
    }))
    .sort((a, b) => b.bills.length - a.bills.length || (b.bills.at(-1)?.periodEnd ?? '').localeCompare(a.bills.at(-1)?.periodEnd ?? ''));
}

function toAccountForecast(a: AccountSeries): AccountForecast {
  const last = a.bills.at(-1) as MlBillRow;
  return {
    key: a.key,
    label: a.label,
    billType: last.billType,
    unit: last.usageUnit,
    bills: a.bills.length,
    latestPeriodEnd: last.periodEnd,
    tooFewBills: a.result.status === 'too_few_bills' ? { have: a.result.have, need: a.result.need, more: a.result.more } : null,
    forecast: a.result.status === 'ok' ? a.result.forecast : null,
    mape: a.result.status === 'ok' ? (a.result.metrics?.mape ?? null) : null,
    backtestBills: a.result.status === 'ok' ? (a.result.metrics?.points ?? 0) : 0,
  };
}

/** Every account's own forecast for a user, read in `db` (the caller's scope): the assistant's "how much will my next bill be?". */
export async function listAccountForecastsOf(db: Db, userId: string): Promise<AccountForecast[]> {
  return accountSeries(await listMlBills(db, userId)).map(toAccountForecast);
}

function anomalyMessage(judgement: AnomalyJudgement, result: ForecastResult): string {
  if (judgement.judged) return `A bill is unusual when its usage falls outside the model's 95% range (forecast ± ${Math.round(judgement.interval).toLocaleString('en-US')}), which it can judge: its backtest error is ${result.status === 'ok' && result.metrics ? result.metrics.mape.toFixed(1) : '?'}% (at most ${ANOMALY_MAX_MAPE}% needed).`;
  if (judgement.reason === 'model_not_good_enough' && result.status === 'ok' && result.metrics)
    return `The model's backtest error on this account is ${result.metrics.mape.toFixed(1)}%, above the ${ANOMALY_MAX_MAPE}% it needs to call a bill unusual, so its misses are not listed as anomalies.`;
  return `Judging whether a bill is unusual needs at least ${MIN_BACKTEST_FOR_ANOMALIES} backtested bills of one account.`;
}

/**
 * Everything /ml-analytics shows for a user: their bills read in their own scope, then (after
 * that transaction, which on the embedded database holds its one connection) the anonymised
 * profiles of everyone for the clustering.
 */
export async function getMlAnalytics(db: Db, user: RequestUser, now = new Date()): Promise<MlAnalytics> {
  const userId = user.id;
  const all = await user.inScope((scoped, id) => listMlBills(scoped, id));
  const accounts = accountSeries(all);
  const primary = accounts[0] ?? null;
  const series = primary?.bills ?? [];
  const result: ForecastResult = primary?.result ?? forecastNextBill([]);
  const judgement = judgeAnomalies(result);

  // Anomalies: the account's bills outside the model's stated interval, only from a model whose backtest is good enough.
  const anomalies: MlAnalytics['anomalies'] = [];
  const predictions: MlAnalytics['predictions'] = [];
  if (result.status === 'ok') {
    const outside = new Set(judgement.outside.map((p) => p.date));
    for (const p of result.backtest) predictions.push({ date: p.date, actual: p.actual, predicted: p.predicted, anomaly: outside.has(p.date) });
    const interval = judgement.judged ? judgement.interval : 1;
    for (const p of judgement.outside) {
      const beyond = p.actual > p.high ? p.actual - p.high : p.low - p.actual;
      const score = Math.min(1, 0.7 + beyond / Math.max(1, interval) / 2);
      anomalies.push({
        timestamp: p.date,
        value: p.actual,
        anomalyScore: score,
        isAnomaly: true,
        severity: severityOf(score),
        explanation: `Usage ${p.actual > p.high ? 'above' : 'below'} the expected range: ${p.actual.toFixed(0)} against ${p.low.toFixed(0)}–${p.high.toFixed(0)} (forecast ${p.predicted.toFixed(0)})`,
      });
    }
  }
  anomalies.sort((a, b) => b.anomalyScore - a.anomalyScore);

  // Clustering: every user's monthly shares; the caller is recognised by position only.
  const profileBills = await listUsageProfileBills(db);
  const byOwner = new Map<string, { periodStart: string; periodEnd: string; usage: number }[]>();
  for (const b of profileBills) byOwner.set(b.owner, [...(byOwner.get(b.owner) ?? []), b]);
  const profiles = [...byOwner.entries()]
    .filter(([, bills]) => bills.length >= PROFILE_MIN_BILLS)
    .map(([owner, bills], i) => {
      const months = new Set(bills.map((b) => b.periodEnd.slice(0, 7))).size;
      return { id: owner === userId ? 'you' : `u${i}`, shares: monthlyShares(bills), averageMonthlyUsage: bills.reduce((s, b) => s + b.usage, 0) / Math.max(1, months) };
    });
  const clusters = profiles.length >= MIN_USERS_FOR_CLUSTERING ? clusterProfiles(profiles) : [];
  const yours = clusters.find((c) => c.members.includes('you'))?.clusterId ?? null;

  const m = result.status === 'ok' ? result.metrics : null;
  return {
    computedAt: now.toISOString(),
    account: primary ? { key: primary.key, label: primary.label } : null,
    accounts: accounts.map(toAccountForecast),
    anomalyCheck: { judged: judgement.judged, maxMape: ANOMALY_MAX_MAPE, message: anomalyMessage(judgement, result) },
    billType: series[0]?.billType ?? null,
    unit: series[0]?.usageUnit ?? null,
    bills: series.length,
    tooFewBills: result.status === 'too_few_bills' ? { have: result.have, need: result.need, more: result.more } : null,
    forecast: result.status === 'ok' ? result.forecast : null,
    metrics: m
      ? {
          mape: m.mape,
          mapeGrade: gradeError(m.mape, ERROR_TARGETS.mape),
          rmse: m.rmse,
          rmseGrade: gradeError(m.rmse, ERROR_TARGETS.rmse),
          costMape: m.costMape,
          costRmse: m.costRmse,
          costRmseGrade: m.costRmse === null ? null : gradeError(m.costRmse, ERROR_TARGETS.rmse),
          backtestBills: m.points,
        }
      : null,
    predictions,
    features: result.status === 'ok' ? result.featureImportance.map((f) => ({ feature: f.feature, importance: f.importance, category: f.category })) : [],
    clustering: {
      users: profiles.length,
      minUsers: MIN_USERS_FOR_CLUSTERING,
      clusters: clusters.map((c) => ({ clusterId: c.clusterId, customers: c.customers, avgUsage: c.avgUsage, isYours: c.clusterId === yours })),
      yourCluster: yours,
    },
    anomalies: anomalies.slice(0, MAX_ANOMALIES),
  };
}
