/** Small statistics helpers for the analysis rules; all pure, all tolerate empty input. */

/** Median of the values, or null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? 0) + hi) / 2;
}

/** Median absolute deviation from the median. */
export function medianAbsoluteDeviation(values: readonly number[]): number | null {
  const m = median(values);
  if (m === null) return null;
  return median(values.map((v) => Math.abs(v - m)));
}

/** Percentile (0..100) with linear interpolation between closest ranks. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = ((sorted.length - 1) * Math.min(100, Math.max(0, p))) / 100;
  const lo = Math.floor(pos);
  const frac = pos - lo;
  const a = sorted[lo] ?? 0;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a;
  return a + (b - a) * frac;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** Rounds to the given number of decimals (2 by default), avoiding -0. */
export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  const r = Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
  return r === 0 ? 0 : r;
}

/** Relative change (current − previous) / previous, or null when previous is 0 or missing. */
export function relativeChange(previous: number | null, current: number | null): number | null {
  if (previous === null || current === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/**
 * Ordinary least squares of y on the given columns plus an intercept. Returns the
 * coefficients (intercept first) and R², or null when the system is singular or too small.
 */
export function fitLinear(columns: readonly (readonly number[])[], ys: readonly number[]): { coef: number[]; r2: number } | null {
  const n = ys.length;
  const k = columns.length + 1;
  if (n < k + 1) return null;
  const row = (i: number): number[] => [1, ...columns.map((c) => c[i] ?? 0)];
  // Normal equations (XᵀX) b = Xᵀy, solved by Gaussian elimination with partial pivoting.
  const a: number[][] = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  for (let i = 0; i < n; i++) {
    const x = row(i);
    for (let p = 0; p < k; p++) {
      const ap = a[p] as number[];
      for (let q = 0; q < k; q++) ap[q] = (ap[q] ?? 0) + (x[p] ?? 0) * (x[q] ?? 0);
      ap[k] = (ap[k] ?? 0) + (x[p] ?? 0) * (ys[i] ?? 0);
    }
  }
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = r;
    if (Math.abs(a[pivot]?.[col] ?? 0) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const pr = a[col] as number[];
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const rr = a[r] as number[];
      const f = (rr[col] ?? 0) / (pr[col] ?? 1);
      for (let c = col; c <= k; c++) rr[c] = (rr[c] ?? 0) - f * (pr[c] ?? 0);
    }
  }
  const coef = a.map((r, i) => (r[k] ?? 0) / (r[i] ?? 1));
  const my = mean(ys) ?? 0;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < n; i++) {
    const pred = row(i).reduce((s, x, j) => s + x * (coef[j] ?? 0), 0);
    ssRes += ((ys[i] ?? 0) - pred) ** 2;
    ssTot += ((ys[i] ?? 0) - my) ** 2;
  }
  if (ssTot === 0) return null;
  return { coef, r2: Math.max(0, Math.min(1, 1 - ssRes / ssTot)) };
}
