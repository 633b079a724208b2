import weightsFile from './scorer-weights.json' with { type: 'json' };
import { SUMMARY_FIELDS, type SummaryField } from '../types.ts';
import type { Votes } from './votes.ts';

/**
 * Calibrated confidence per field: a small logistic model over what the reader knows about the
 * value it chose (its evidence, its margin over the runner-up, whether a cross-check confirmed
 * it, whether a label was understood by meaning, how the text was read). The weights are
 * learned from generated bills by `tools/train-scorer.ts` and shipped as `scorer-weights.json`;
 * a field without weights keeps the rules' own confidence.
 */
export const CALIBRATED_FIELDS = SUMMARY_FIELDS.filter(
  (f): f is Exclude<SummaryField, 'customerName' | 'serviceAddress'> => f !== 'customerName' && f !== 'serviceAddress',
);
export type CalibratedField = (typeof CALIBRATED_FIELDS)[number];

/** What the reader knows about one candidate value of a field. */
export interface FieldStats {
  /** The rules' confidence after cross-checks, 0..1 (0 for values the rules did not choose). */
  heuristic: number;
  /** A cross-check (sums, date order, the stub) confirmed the value. */
  confirmed: boolean;
  /** The rules chose this value. */
  chosen: boolean;
  /** Summed evidence for the value, its number of sightings, and its margin over the best other value (-1..1). */
  score: number;
  count: number;
  margin: number;
  /** How many different values competed. */
  options: number;
  /** The strongest label-by-meaning evidence for the value (0 when no label meant it). */
  meaning: number;
  /** Share of the document read by OCR (0 for a text layer, 1 for a photo). */
  ocr: number;
  /** Field rules the value breaks (date order, a unit that does not fit the bill). */
  violations: number;
}

/** One candidate value with its statistics, for training (`value` in the CLI's output form). */
export interface ScoredCandidate {
  value: unknown;
  stats: FieldStats;
}

export const FEATURE_NAMES = ['bias', 'heuristic', 'confirmed', 'chosen', 'score', 'logCount', 'margin', 'logOptions', 'meaning', 'ocr', 'violations'] as const;

export function featureVector(s: FieldStats): number[] {
  return [
    1,
    s.heuristic,
    s.confirmed ? 1 : 0,
    s.chosen ? 1 : 0,
    Math.min(3, s.score),
    Math.log1p(s.count),
    s.margin,
    Math.log1p(s.options),
    s.meaning,
    s.ocr,
    Math.min(3, s.violations),
  ];
}

export interface ScorerWeights {
  trainedOn: string;
  fields: Partial<Record<CalibratedField, { weights: number[]; n: number }>>;
}

const WEIGHTS = weightsFile;

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The calibrated probability that the chosen value is right, or the rules' confidence without a model. */
export function calibratedConfidence(field: CalibratedField, stats: FieldStats, weights: ScorerWeights = WEIGHTS): number {
  const model = weights.fields[field];
  if (!model || model.weights.length !== FEATURE_NAMES.length) return stats.heuristic;
  const x = featureVector(stats);
  const z = model.weights.reduce((sum, w, i) => sum + w * (x[i] ?? 0), 0);
  return Math.round(sigmoid(z) * 100) / 100;
}

/** Evidence statistics of every value among the votes (best first, at most `limit`). */
export function voteTable<T>(votes: Votes<T> | null, keyOf: (v: T) => string, limit = 6): Array<{ value: T; key: string } & Pick<FieldStats, 'score' | 'count' | 'margin' | 'options'>> {
  const ranked = votes?.ranked() ?? [];
  return ranked.slice(0, limit).map((r) => {
    const rival = ranked.find((o) => o !== r)?.score ?? 0;
    return { value: r.value, key: keyOf(r.value), score: r.score, count: r.count, margin: r.score > 0 ? Math.max(-1, 1 - rival / r.score) : -1, options: ranked.length };
  });
}

/** Evidence statistics of the value `chosenKey` among the votes. */
export function voteStats<T>(votes: Votes<T> | null, chosenKey: string | null, keyOf: (v: T) => string): Pick<FieldStats, 'score' | 'count' | 'margin' | 'options'> {
  const row = voteTable(votes, keyOf, Infinity).find((r) => r.key === chosenKey);
  return row ? { score: row.score, count: row.count, margin: row.margin, options: row.options } : { score: 0, count: 0, margin: 0, options: votes?.size ?? 0 };
}
