/**
 * Next-bill forecast from a user's own bills (02-tools §2.9, issue 17): an interpretable linear
 * model of daily usage (season, trend, the previous bill), ridge-regularised so a year of bills
 * is enough, backtested bill by bill on the user's history. Pure: no I/O, no randomness.
 */

export type MlBill = { periodStart: string; periodEnd: string; usage: number; cost: number | null };

/** Fewest bills to fit the model (one per feature plus a few); the page says how many more are needed below it. */
export const MIN_BILLS_FOR_FORECAST = 6;
/** The first backtest forecast is made from this many bills. */
const MIN_TRAIN = 4;
/** Ridge penalty on the standardised coefficients (not on the intercept). */
const RIDGE = 0.5;
/** 95% prediction interval. */
const Z95 = 1.96;

export const FEATURES = [
  { key: 'season_sin', feature: 'Season (winter–summer)', category: 'weather' },
  { key: 'season_cos', feature: 'Season (spring–autumn)', category: 'weather' },
  { key: 'trend', feature: 'Trend over time', category: 'time_based' },
  { key: 'previous', feature: 'Previous bill usage', category: 'usage_pattern' },
] as const;

const DAY = 86_400_000;
const days = (b: MlBill) => Math.max(1, Math.round((Date.parse(b.periodEnd) - Date.parse(b.periodStart)) / DAY) + 1);
const mid = (b: MlBill) => (Date.parse(b.periodStart) + Date.parse(b.periodEnd)) / 2;
const dayOfYear = (t: number) => (t - Date.UTC(new Date(t).getUTCFullYear(), 0, 1)) / DAY;

function featuresOf(bill: MlBill, previousRate: number, origin: number): number[] {
  const angle = (2 * Math.PI * dayOfYear(mid(bill))) / 365.25;
  return [Math.sin(angle), Math.cos(angle), (mid(bill) - origin) / (365.25 * DAY), previousRate];
}

/** Solves A x = b (Gaussian elimination with partial pivoting); A is small and square. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c += 1) {
    let p = c;
    for (let r = c + 1; r < n; r += 1) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[p]?.[c] ?? 0)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = m[c]?.[c] ?? 0;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = 0; r < n; r += 1) {
      if (r === c) continue;
      const f = (m[r]?.[c] ?? 0) / pivot;
      for (let k = c; k <= n; k += 1) (m[r] as number[])[k] = (m[r]?.[k] ?? 0) - f * (m[c]?.[k] ?? 0);
    }
  }
  return m.map((row, i) => (Math.abs(row[i] ?? 0) < 1e-12 ? 0 : (row[n] ?? 0) / (row[i] ?? 1)));
}

export type LinearModel = { intercept: number; coefficients: number[]; means: number[]; sds: number[] };

/** Ridge regression on standardised features. */
export function fitRidge(x: number[][], y: number[], lambda = RIDGE): LinearModel {
  const k = x[0]?.length ?? 0;
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + (r[j] ?? 0), 0) / x.length);
  const sds = means.map((m, j) => Math.sqrt(x.reduce((s, r) => s + ((r[j] ?? 0) - m) ** 2, 0) / x.length) || 1);
  const z = x.map((r) => r.map((v, j) => (v - (means[j] ?? 0)) / (sds[j] ?? 1)));
  const yMean = y.reduce((s, v) => s + v, 0) / y.length;
  const xtx = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => z.reduce((s, r) => s + (r[i] ?? 0) * (r[j] ?? 0), 0) + (i === j ? lambda : 0)));
  const xty = Array.from({ length: k }, (_, i) => z.reduce((s, r, n) => s + (r[i] ?? 0) * ((y[n] ?? 0) - yMean), 0));
  return { intercept: yMean, coefficients: solve(xtx, xty), means, sds };
}

export function predictLinear(model: LinearModel, row: number[]): number {
  return model.intercept + row.reduce((s, v, j) => s + (model.coefficients[j] ?? 0) * ((v - (model.means[j] ?? 0)) / (model.sds[j] ?? 1)), 0);
}

type Fitted = { usage: LinearModel; costPerUnit: { a: number; b: number } | null; origin: number };

function fit(history: MlBill[]): Fitted {
  const origin = mid(history[0] as MlBill);
  const rows: number[][] = [];
  const rates: number[] = [];
  for (let i = 1; i < history.length; i += 1) {
    const prev = history[i - 1] as MlBill;
    const bill = history[i] as MlBill;
    rows.push(featuresOf(bill, prev.usage / days(prev), origin));
    rates.push(bill.usage / days(bill));
  }
  const priced = history.filter((b) => b.cost !== null);
  let costPerUnit: Fitted['costPerUnit'] = null;
  if (priced.length >= 2) {
    const mu = priced.reduce((s, b) => s + b.usage, 0) / priced.length;
    const mc = priced.reduce((s, b) => s + (b.cost ?? 0), 0) / priced.length;
    const sxx = priced.reduce((s, b) => s + (b.usage - mu) ** 2, 0);
    const b = sxx === 0 ? 0 : priced.reduce((s, p) => s + (p.usage - mu) * ((p.cost ?? 0) - mc), 0) / sxx;
    costPerUnit = { a: mc - b * mu, b };
  }
  return { usage: fitRidge(rows, rates), costPerUnit, origin };
}

function predictNext(model: Fitted, previous: MlBill, next: { periodStart: string; periodEnd: string }) {
  const bill = { ...next, usage: 0, cost: null };
  const rate = Math.max(0, predictLinear(model.usage, featuresOf(bill, previous.usage / days(previous), model.origin)));
  const usage = rate * days(bill);
  const cost = model.costPerUnit ? Math.max(0, model.costPerUnit.a + model.costPerUnit.b * usage) : null;
  return { usage, cost };
}

export type BacktestPoint = { date: string; actual: number; predicted: number; actualCost: number | null; predictedCost: number | null };
export type ErrorMetrics = { mape: number; rmse: number; costMape: number | null; costRmse: number | null; points: number };

/** One-step-ahead forecasts of each bill from the bills before it (from the MIN_TRAIN-th on). */
export function backtest(bills: readonly MlBill[]): { points: BacktestPoint[]; metrics: ErrorMetrics | null } {
  const points: BacktestPoint[] = [];
  for (let i = MIN_TRAIN; i < bills.length; i += 1) {
    const model = fit(bills.slice(0, i));
    const bill = bills[i] as MlBill;
    const p = predictNext(model, bills[i - 1] as MlBill, bill);
    points.push({ date: bill.periodEnd, actual: bill.usage, predicted: p.usage, actualCost: bill.cost, predictedCost: p.cost });
  }
  return { points, metrics: errorMetrics(points) };
}

export function errorMetrics(points: readonly BacktestPoint[]): ErrorMetrics | null {
  const usable = points.filter((p) => p.actual > 0);
  if (usable.length === 0) return null;
  const mape = (usable.reduce((s, p) => s + Math.abs(p.actual - p.predicted) / p.actual, 0) / usable.length) * 100;
  const rmse = Math.sqrt(usable.reduce((s, p) => s + (p.actual - p.predicted) ** 2, 0) / usable.length);
  const priced = points.filter((p): p is BacktestPoint & { actualCost: number; predictedCost: number } => p.actualCost !== null && p.actualCost > 0 && p.predictedCost !== null);
  const costMape = priced.length ? (priced.reduce((s, p) => s + Math.abs(p.actualCost - p.predictedCost) / p.actualCost, 0) / priced.length) * 100 : null;
  const costRmse = priced.length ? Math.sqrt(priced.reduce((s, p) => s + (p.actualCost - p.predictedCost) ** 2, 0) / priced.length) : null;
  return { mape, rmse, costMape, costRmse, points: usable.length };
}

export type Forecast = {
  periodStart: string;
  periodEnd: string;
  usage: number;
  usageLow: number;
  usageHigh: number;
  cost: number | null;
  costLow: number | null;
  costHigh: number | null;
};

export type ForecastResult =
  | { status: 'too_few_bills'; have: number; need: number; more: number }
  | {
      status: 'ok';
      forecast: Forecast;
      backtest: BacktestPoint[];
      metrics: ErrorMetrics | null;
      featureImportance: { key: string; feature: string; category: string; importance: number; coefficient: number }[];
    };

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 30;
};

/** The next bill (period after the last one, of the user's median length) with its 95% interval and the backtest behind it. */
export function forecastNextBill(input: readonly MlBill[]): ForecastResult {
  const bills = [...input].filter((b) => b.usage > 0).sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
  if (bills.length < MIN_BILLS_FOR_FORECAST) return { status: 'too_few_bills', have: bills.length, need: MIN_BILLS_FOR_FORECAST, more: MIN_BILLS_FOR_FORECAST - bills.length };
  const last = bills.at(-1) as MlBill;
  const length = median(bills.map(days));
  const start = Date.parse(last.periodEnd) + DAY;
  const next = { periodStart: isoDay(start), periodEnd: isoDay(start + (length - 1) * DAY) };
  const model = fit(bills);
  const point = predictNext(model, last, next);
  const { points, metrics } = backtest(bills);
  const spread = metrics && metrics.points >= 2 ? metrics.rmse : point.usage * 0.15;
  const costSpread = metrics?.costRmse ?? (point.cost !== null ? point.cost * 0.15 : null);
  const importance = model.usage.coefficients.map((c) => Math.abs(c));
  const total = importance.reduce((s, v) => s + v, 0) || 1;
  return {
    status: 'ok',
    forecast: {
      ...next,
      usage: point.usage,
      usageLow: Math.max(0, point.usage - Z95 * spread),
      usageHigh: point.usage + Z95 * spread,
      cost: point.cost,
      costLow: point.cost !== null && costSpread !== null ? Math.max(0, point.cost - Z95 * costSpread) : null,
      costHigh: point.cost !== null && costSpread !== null ? point.cost + Z95 * costSpread : null,
    },
    backtest: points,
    metrics,
    featureImportance: FEATURES.map((f, j) => ({ ...f, importance: (importance[j] ?? 0) / total, coefficient: model.usage.coefficients[j] ?? 0 })).sort((a, b) => b.importance - a.importance),
  };
}

/**
 * A bill is called unusual only by a model that has shown it predicts this account well: a
 * backtest MAPE at most this (percent) over at least MIN_BACKTEST_FOR_ANOMALIES bills. A worse
 * model's misses are its own, not the household's.
 */
export const ANOMALY_MAX_MAPE = 20;
export const MIN_BACKTEST_FOR_ANOMALIES = 4;

export type AnomalyJudgement =
  | { judged: false; reason: 'too_few_bills' | 'model_not_good_enough'; outside: [] }
  | { judged: true; interval: number; outside: (BacktestPoint & { low: number; high: number })[] };

/** The backtested bills outside the model's stated 95% interval (forecast ± 1.96 · backtest RMSE), when the model is good enough to judge. */
export function judgeAnomalies(result: ForecastResult): AnomalyJudgement {
  if (result.status !== 'ok' || !result.metrics || result.metrics.points < MIN_BACKTEST_FOR_ANOMALIES) return { judged: false, reason: 'too_few_bills', outside: [] };
  if (result.metrics.mape > ANOMALY_MAX_MAPE) return { judged: false, reason: 'model_not_good_enough', outside: [] };
  const interval = Z95 * result.metrics.rmse;
  const outside: (BacktestPoint & { low: number; high: number })[] = [];
  let previousOutside = false;
  for (const p of result.backtest) {
    const point = { ...p, low: Math.max(0, p.predicted - interval), high: p.predicted + interval };
    const isOutside = point.actual < point.low || point.actual > point.high;
    // A forecast made from an unusual bill (the model's "previous bill" input) is the model's miss, not the household's.
    if (isOutside && !previousOutside) outside.push(point);
    previousOutside = isOutside;
  }
  return { judged: true, interval, outside };
}

/** 02-tools §4 grading of error metrics: green at or below the target, yellow up to 1.5 times it, else red (targets MAPE 10, RMSE 20). */
export const ERROR_TARGETS = { mape: 10, rmse: 20 } as const;
export type Grade = 'green' | 'yellow' | 'red';
export function gradeError(value: number, target: number): Grade {
  if (value <= target) return 'green';
  if (value <= target * 1.5) return 'yellow';
  return 'red';
}
