import { daysBetween } from './date.ts';

export interface Ranked<T> {
  value: T;
  score: number;
}

export interface DatePick {
  statement: string | null;
  due: string | null;
  period: { start: string; end: string } | null;
}

/** How many of a bill's date rules a choice breaks, each with its weight. */
export function dateViolations(p: DatePick): number {
  let v = 0;
  const { statement, due, period } = p;
  if (period) {
    const days = daysBetween(period.start, period.end);
    // Monthly, bimonthly or quarterly; a few days either way.
    if (days < 20 || days > 100) v += 1;
    // Service billed in advance (internet, phone) is billed and due inside its period: a
    // small cost. Before the period starts, or long after it, breaks the rule.
    if (statement && statement < period.end) v += statement >= period.start ? 0.3 : 1;
    if (due) {
      const gap = daysBetween(period.end, due);
      if (gap > 75 || due < period.start) v += 1;
      else if (gap < 0) v += 0.3;
    }
  }
  if (due && statement) {
    const gap = daysBetween(statement, due);
    if (gap < 0 || gap > 60) v += 1;
  }
  return v;
}

function options<T>(ranked: Array<Ranked<T>>, k: number): Array<Ranked<T> | null> {
  return [...ranked.slice(0, k), null];
}

/**
 * The statement date, due date and service period chosen together: each field's candidates
 * keep their evidence (score relative to that field's best), and a choice that breaks the rules
 * dates on a bill follow (period ends on or before the statement, due after both, a period of
 * one to three months) pays for each rule broken. Leaving a field empty costs its evidence.
 */
export function chooseDates(
  statement: Array<Ranked<string>>,
  due: Array<Ranked<string>>,
  period: Array<Ranked<{ start: string; end: string }>>,
): DatePick {
  const norm = <T>(r: Array<Ranked<T>>) => {
    const top = r[0]?.score ?? 1;
    return r.map((x) => ({ value: x.value, score: x.score / top }));
  };
  const S = options(norm(statement), 3);
  const D = options(norm(due), 4);
  const P = options(norm(period), 4);
  let best: { pick: DatePick; score: number } | null = null;
  for (const s of S) {
    for (const d of D) {
      for (const p of P) {
        const pick: DatePick = { statement: s?.value ?? null, due: d?.value ?? null, period: p?.value ?? null };
        const score = (s?.score ?? 0) * 0.5 + (d?.score ?? 0) + (p?.score ?? 0) - 0.9 * dateViolations(pick);
        if (!best || score > best.score + 1e-9) best = { pick, score };
      }
    }
  }
  return best?.pick ?? { statement: null, due: null, period: null };
}
