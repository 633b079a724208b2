import { clusterProfiles, MIN_USERS_FOR_CLUSTERING, monthlyShares } from '@wattwise/shared/ml/cluster';
import { ERROR_TARGETS, forecastNextBill, gradeError } from '@wattwise/shared/ml/forecast';
import type { MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../http/types.ts';
import { listMlBills, listUsageProfileBills, type MlBillRow } from '../bills/bills.service.ts';

// ML analytics (02-tools §2.9; issue 17): the spec's random numbers replaced by a forecast, its
// backtest, the model's feature weights, a clustering of anonymised usage profiles and the
// anomalies, all from real bills.

/** 02-tools §4/§9: a score over 0.7 is an anomaly; over 0.9 high, over 0.8 medium. Up to 5 listed. */
const ANOMALY_AT = 0.7;
const MAX_ANOMALIES = 5;
/** A user's profile counts for clustering from this many bills (half a year). */
const PROFILE_MIN_BILLS = 6;

const severityOf = (score: number) => (score > 0.9 ? 'high' : score > 0.8 ? 'medium' : 'low');

/** The series forecast: the bill type and unit with the most bills (a household's electricity, usually). */
function mainSeries(bills: MlBillRow[]): MlBillRow[] {
  const groups = new Map<string, MlBillRow[]>();
  for (const b of bills) {
    const key = `${b.billType}|${b.usageUnit ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

function storedAnomalies(bills: MlBillRow[]): { date: string; explanation: string; severity: 'low' | 'medium' | 'high'; confidence: number | null }[] {
  return bills.flatMap((b) =>
    Array.isArray(b.anomalies)
      ? (b.anomalies as { kind?: unknown; severity?: unknown; explanation?: unknown; confidence?: unknown }[])
          .filter((a) => a.kind === 'usage' && typeof a.explanation === 'string')
          .map((a) => ({
            date: b.periodEnd,
            explanation: String(a.explanation),
            severity: a.severity === 'high' ? ('high' as const) : ('medium' as const),
            confidence: typeof a.confidence === 'number' ? a.confidence : null,
          }))
      : [],
  );
}

/**
 * Everything /ml-analytics shows for a user: their bills read in their own scope, then (after
 * that transaction, which on the embedded database holds its one connection) the anonymised
 * profiles of everyone for the clustering.
 */
export async function getMlAnalytics(db: Db, user: RequestUser, now = new Date()): Promise<MlAnalytics> {
  const userId = user.id;
  const all = await user.inScope((scoped, id) => listMlBills(scoped, id));
  const series = mainSeries(all);
  const result = forecastNextBill(series.map((b) => ({ periodStart: b.periodStart, periodEnd: b.periodEnd, usage: b.usage, cost: b.cost })));

  // Anomalies: each backtested bill's error against the model's own error (z of the residual), and the analysis step's.
  const anomalies: MlAnalytics['anomalies'] = [];
  const predictions: MlAnalytics['predictions'] = [];
  if (result.status === 'ok') {
    const rmse = result.metrics?.rmse ?? 0;
    for (const p of result.backtest) {
      const score = rmse > 0 ? Math.min(1, Math.abs(p.actual - p.predicted) / rmse / 3) : 0;
      const isAnomaly = score > ANOMALY_AT;
      predictions.push({ date: p.date, actual: p.actual, predicted: p.predicted, anomaly: isAnomaly });
      if (isAnomaly) {
        const pctOff = ((p.actual - p.predicted) / Math.max(1, p.predicted)) * 100;
        anomalies.push({
          timestamp: p.date,
          value: p.actual,
          anomalyScore: score,
          isAnomaly,
          severity: severityOf(score),
          explanation: `Usage ${pctOff >= 0 ? 'above' : 'below'} the forecast by ${Math.abs(pctOff).toFixed(0)}% (forecast ${p.predicted.toFixed(0)}, actual ${p.actual.toFixed(0)})`,
        });
      }
    }
  }
  for (const a of storedAnomalies(series)) {
    if (anomalies.some((x) => x.timestamp === a.date)) continue;
    const score = a.confidence ?? (a.severity === 'high' ? 0.95 : 0.85);
    anomalies.push({ timestamp: a.date, value: series.find((b) => b.periodEnd === a.date)?.usage ?? 0, anomalyScore: score, isAnomaly: score > ANOMALY_AT, severity: severityOf(score), explanation: a.explanation });
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
