/**
 * Where every figure comes from. A bill field is `read` (with a confidence at or above the
 * "Please check" threshold), `unsure` (read, but under it), `missing` (not read) or
 * `confirmed` (corrected, or accepted as read, by the user). A figure derived from fields
 * carries the weakest status of its inputs: money advice (a billing error, a refund, "past
 * due", a savings amount, a rate comparison) is given only from read or confirmed inputs; from
 * unsure ones the figure is an estimate with what to confirm; from missing ones nothing is
 * computed (never a 0 in place of unknown).
 */

export type FieldStatus = 'confirmed' | 'read' | 'unsure' | 'missing';

/** Under this confidence a value read off the bill is "Please check" (unsure) until the user confirms it. */
export const UNSURE_BELOW = 0.8;

/** The bill fields a figure may be built from (names as on the bill page and in corrections). */
export const PROVENANCE_FIELDS = [
  'totalAmount',
  'currentCharges',
  'previousBalance',
  'paymentsReceived',
  'lateFees',
  'usageAmount',
  'usageUnit',
  'servicePeriodStart',
  'servicePeriodEnd',
  'dueDate',
  'rate',
  'billType',
] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];
export type FieldStatuses = Partial<Record<ProvenanceField, FieldStatus>>;

/** How a field is named in "could not be checked: the bill's … was not read" and "confirm … to see this". */
export const FIELD_NOUNS: Record<ProvenanceField, string> = {
  totalAmount: 'amount due',
  currentCharges: 'charges this period',
  previousBalance: 'previous balance',
  paymentsReceived: 'payments received',
  lateFees: 'late fees',
  usageAmount: 'usage',
  usageUnit: 'usage unit',
  servicePeriodStart: 'service period start',
  servicePeriodEnd: 'service period end',
  dueDate: 'due date',
  rate: 'price per unit',
  billType: 'bill type',
};

const RANK: Record<FieldStatus, number> = { missing: 0, unsure: 1, read: 2, confirmed: 3 };

/** A derived figure with the weakest status of its inputs and the inputs that made it so. */
export interface Figure<T> {
  /** Null when an input is missing (nothing is computed from a value that was not read). */
  value: T | null;
  status: FieldStatus;
  /** Inputs read with low confidence: confirm them to turn the estimate into a figure. */
  unsure: string[];
  /** Inputs not read: add them to see the figure. */
  missing: string[];
}

/** One input of a figure: its value and status (a null value is always missing). */
export interface FigureInput<V> {
  value: V | null | undefined;
  status: FieldStatus;
}

export function weakestStatus(statuses: Iterable<FieldStatus>): FieldStatus {
  let out: FieldStatus = 'confirmed';
  for (const s of statuses) if (RANK[s] < RANK[out]) out = s;
  return out;
}

/** Money advice only from inputs read with confidence or confirmed by the user. */
export function canAdvise(status: FieldStatus): boolean {
  return status === 'read' || status === 'confirmed';
}

/** A figure of unsure inputs: shown as an estimate, with what to confirm. */
export function isEstimate(status: FieldStatus): boolean {
  return status === 'unsure';
}

type Values<I extends Record<string, FigureInput<unknown>>> = { [K in keyof I]: NonNullable<I[K]['value']> };

/**
 * Computes a figure from named inputs. Any missing input: value null, status `missing`, and
 * `compute` is not called. Otherwise `compute` gets the values and the figure takes the weakest
 * status of the inputs (a `compute` answering null means "nothing to show", status unchanged).
 */
export function deriveFigure<I extends Record<string, FigureInput<unknown>>, T>(inputs: I, compute: (values: Values<I>) => T | null): Figure<T> {
  const missing: string[] = [];
  const unsure: string[] = [];
  const statuses: FieldStatus[] = [];
  for (const [name, input] of Object.entries(inputs)) {
    const status: FieldStatus = input.value == null ? 'missing' : input.status;
    statuses.push(status);
    if (status === 'missing') missing.push(name);
    else if (status === 'unsure') unsure.push(name);
  }
  const status = weakestStatus(statuses);
  if (missing.length > 0) return { value: null, status: 'missing', unsure, missing };
  return { value: compute(Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.value])) as Values<I>), status, unsure, missing };
}

/** A figure built on another figure's status (e.g. a refund from a reconciliation). */
export function withStatusOf<T>(source: Pick<Figure<unknown>, 'status' | 'unsure' | 'missing'>, value: T | null): Figure<T> {
  return { value: source.status === 'missing' ? null : value, status: source.status, unsure: [...source.unsure], missing: [...source.missing] };
}

/** "confirm usage to see this" / "confirm usage and amount due to see this". */
export function confirmText(fields: readonly string[]): string {
  return `confirm ${listNouns(fields)} to see this`;
}

/** "could not be checked: the bill's previous balance was not read". */
export function notCheckedText(fields: readonly string[]): string {
  return `could not be checked: the bill's ${listNouns(fields)} ${fields.length === 1 ? 'was' : 'were'} not read`;
}

function nounOf(field: string): string {
  return (FIELD_NOUNS as Record<string, string>)[field] ?? field;
}

function listNouns(fields: readonly string[]): string {
  const nouns = [...new Set(fields.map(nounOf))];
  if (nouns.length <= 1) return nouns[0] ?? '';
  return `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]}`;
}

/** One field as stored: its value (after corrections), the reader's confidence, whether the user corrected or confirmed it. */
export interface FieldReading {
  value: unknown;
  confidence: number | null | undefined;
  corrected: boolean;
}

/** The status of one stored field (a value without a recorded confidence is unsure). */
export function fieldStatusOf(field: FieldReading): FieldStatus {
  if (field.value == null || field.value === '' || field.value === 'Unknown') return 'missing';
  if (field.corrected) return 'confirmed';
  if (typeof field.confidence !== 'number' || !(field.confidence >= UNSURE_BELOW)) return 'unsure';
  return 'read';
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The statuses of a stored bill's fields: `values` as the analysis uses them (corrections
 * applied), `extracted` the reader's stored output (`{ fields: { name: { value, confidence } } }`)
 * and `corrections` the user's (`{ name: { value, at } }`; confirming a value stores it as a
 * correction). The one mapper every screen and job uses.
 */
export function fieldStatusesOf(stored: { values: Partial<Record<ProvenanceField, unknown>>; extracted: unknown; corrections: unknown }): FieldStatuses {
  const read = recordOf(recordOf(stored.extracted)?.fields) ?? {};
  const corrections = recordOf(stored.corrections) ?? {};
  const out: FieldStatuses = {};
  for (const field of PROVENANCE_FIELDS) {
    if (!(field in stored.values)) continue;
    const confidence = recordOf(read[field])?.confidence;
    out[field] = fieldStatusOf({ value: stored.values[field], confidence: typeof confidence === 'number' ? confidence : null, corrected: field in corrections });
  }
  return out;
}

/**
 * The status of a value of an analysis bill: null → missing; else its stored status, or `read`
 * when the caller recorded none (a bill built in code: tests, the engine's own fixtures).
 */
export function statusOfValue(value: unknown, statuses: FieldStatuses | null | undefined, field: ProvenanceField): FieldStatus {
  if (value == null) return 'missing';
  const s = statuses?.[field] ?? 'read';
  // A value the store calls missing but the bill carries (a part kept beside a corrected total) is not trusted.
  return s === 'missing' ? 'unsure' : s;
}

/** A bill value as the input of a figure. */
export function fieldInput<V>(value: V | null | undefined, statuses: FieldStatuses | null | undefined, field: ProvenanceField): FigureInput<NonNullable<V>> {
  return { value: (value ?? null), status: statusOfValue(value, statuses, field) };
}
