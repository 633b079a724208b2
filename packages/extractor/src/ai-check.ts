import { modelCost } from '@wattwise/shared/processing';
import { z } from 'zod';
import { SUMMARY_FIELDS, type BillFields, type BillType, type UsageUnit } from './types.ts';
import { parseAmount } from './fields/amount.ts';
import { parseDate } from './fields/date.ts';
import { normalizeUnit } from './fields/usage.ts';
import { foundInText } from './ai-grounding.ts';

/**
 * An AI model that reads the bill text and answers with JSON for the fields asked. Injected by
 * the caller (the server plugs its Anthropic / OpenAI-compatible provider in here).
 */
export type AiCheck = (req: { text: string; fields: string[] }) => Promise<{
  json: unknown;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** What the call cost in dollars, when the host knows the model's price (else priced by model family). */
  cost?: number;
}>;

/** Overall confidence under which the AI is asked. */
export const DEFAULT_AI_THRESHOLD = 0.75;
/** A field under this confidence counts as unsure. */
export const FIELD_CONFIDENCE_FLOOR = 0.7;
/** Confidence given to a value the AI filled in. */
const AI_FILLED_CONFIDENCE = 0.75;
/** Characters of bill text sent at most. */
const MAX_TEXT_CHARS = 16_000;

/** The AI check asks about the summary fields. */
export const AI_FIELDS = SUMMARY_FIELDS;
export type AiField = (typeof AI_FIELDS)[number];

const loose = z.union([z.string(), z.number()]).nullish();
export const aiAnswerSchema = z
  .object({
    billType: z.string().nullish(),
    utilityProvider: z.string().nullish(),
    accountNumber: loose,
    totalAmount: loose,
    dueDate: z.string().nullish(),
    servicePeriodStart: z.string().nullish(),
    servicePeriodEnd: z.string().nullish(),
    usageAmount: loose,
    usageUnit: z.string().nullish(),
    customerName: z.string().nullish(),
    serviceAddress: z.string().nullish(),
  })
  .partial();
export type AiAnswer = z.infer<typeof aiAnswerSchema>;

const BILL_TYPES: BillType[] = ['electricity', 'natural_gas', 'water', 'internet', 'other'];

/** Fields worth asking about: missing or unsure, and not confirmed by a cross-check. */
export function unsureFields(fields: BillFields, confirmed: ReadonlySet<keyof BillFields>): AiField[] {
  return AI_FIELDS.filter((f) => !confirmed.has(f) && (fields[f].value === null || fields[f].confidence < FIELD_CONFIDENCE_FLOOR));
}

function parseJson(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  const m = /\{[\s\S]*\}/.exec(json);
  if (!m) return null;
  try {
    return JSON.parse(m[0]) as unknown;
  } catch {
    return null;
  }
}

/** Converts one answered value to the field's type; null when it does not parse. */
function convert(field: AiField, raw: string | number | null | undefined): string | number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const text = String(raw).trim();
  switch (field) {
    case 'totalAmount':
      return typeof raw === 'number' ? Math.round(raw * 100) / 100 : parseAmount(text.includes('.') || text.includes('$') ? text : `${text}.00`);
    case 'usageAmount': {
      const n = typeof raw === 'number' ? raw : Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? n : null;
    }
    case 'dueDate':
    case 'servicePeriodStart':
    case 'servicePeriodEnd':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseDate(text);
    case 'billType':
      return (BILL_TYPES as string[]).includes(text) ? text : null;
    case 'usageUnit':
      return normalizeUnit(text)?.unit ?? null;
    case 'utilityProvider':
    case 'accountNumber':
    case 'customerName':
    case 'serviceAddress':
      return text;
  }
}

const FIELD_HINTS: Record<AiField, string> = {
  billType: 'one of electricity, natural_gas, water, internet, other',
  utilityProvider: 'the company that bills, as printed',
  accountNumber: 'as printed',
  totalAmount: 'number: the amount to pay now, including any past-due balance',
  dueDate: 'YYYY-MM-DD',
  servicePeriodStart: 'YYYY-MM-DD',
  servicePeriodEnd: 'YYYY-MM-DD',
  usageAmount: 'number: usage this period',
  usageUnit: 'one of kWh, therms, CCF, gallons, GB, m3',
  customerName: 'as printed',
  serviceAddress: 'street, city, state ZIP',
};

/** A prompt an AI provider can send for a check request (fields asked, JSON only, null if absent). */
export function buildAiPrompt(req: { text: string; fields: string[] }): string {
  const wanted = req.fields
    .filter((f): f is AiField => (AI_FIELDS as readonly string[]).includes(f))
    .map((f) => `  "${f}": ${FIELD_HINTS[f]}`)
    .join('\n');
  return `Read this utility bill text and answer with one JSON object holding only these keys (null when the bill does not print it):\n${wanted}\n\nBill text:\n${req.text}`;
}

export interface AiOutcome {
  model: string;
  inputTokens: number;
  outputTokens: number;
  cost: number;
  fieldsFilled: string[];
  /** Fields the model answered with a value not printed in the bill's text: not taken. */
  fieldsRejected: string[];
}

/**
 * Asks the model about the unsure fields only and merges its answer: it fills empty fields,
 * replaces unsure ones, raises the confidence of values it confirms, and never touches a value
 * confirmed by a cross-check. A value is taken only when it is printed in `text` (the bill's own
 * text or OCR, ai-grounding.ts): an invented value is rejected. Returns null when nothing was unsure.
 */
export async function runAiCheck(
  ai: AiCheck,
  text: string,
  fields: BillFields,
  confirmed: ReadonlySet<keyof BillFields>,
): Promise<AiOutcome | null> {
  const asked = unsureFields(fields, confirmed);
  if (asked.length === 0) return null;
  const res = await ai({ text: text.slice(0, MAX_TEXT_CHARS), fields: asked });
  const parsed = aiAnswerSchema.safeParse(parseJson(res.json));
  const filled: string[] = [];
  const rejected: string[] = [];
  if (parsed.success) {
    for (const f of asked) {
      const value = convert(f, parsed.data[f]);
      if (value === null) continue;
      const current = fields[f];
      if (!foundInText(f, value, text)) {
        rejected.push(f);
        continue;
      }
      if (current.value === value) {
        current.confidence = Math.max(current.confidence, 0.85);
        continue;
      }
      (current as { value: string | number | null }).value = value;
      current.confidence = AI_FILLED_CONFIDENCE;
      filled.push(f);
    }
  }
  return {
    model: res.model,
    inputTokens: res.inputTokens,
    outputTokens: res.outputTokens,
    cost: res.cost ?? modelCost(res.model, res.inputTokens, res.outputTokens),
    fieldsFilled: filled,
    fieldsRejected: rejected,
  };
}

export type { UsageUnit };
