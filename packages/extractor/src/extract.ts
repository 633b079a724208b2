import { DEFAULT_AI_THRESHOLD, runAiCheck, type AiCheck } from './ai-check.ts';
import { applyCreditBalance } from './credit-balance.ts';
import { findProviderNames } from './provider-brand.ts';
import { extractFields, overallConfidence, type FieldExtraction } from './fields/extract-fields.ts';
import { pdfHeaderOffset } from './read/detect.ts';
import { withoutTrailingBytes } from './read/pdf-tail.ts';
import { readDocument, type ReadOptions } from './read/read-document.ts';

// Part of the public API: stop the OCR workers at shutdown; learn where a corrected value was printed;
// the AI check's prompt and model interface (the host plugs its provider in).
export { buildAiPrompt, type AiCheck } from './ai-check.ts';
export { closeReaders } from './read/read-document.ts';
export { learnLayoutHint } from './fields/hints.ts';
import { ExtractionError, type BillFields, type DocumentText, type ExtractionResult, type FieldValue, type LayoutHint } from './types.ts';

export interface ExtractOptions {
  /** Where corrections of earlier bills of the same account found their values. */
  hints?: readonly LayoutHint[];
  /** Return the positioned text read from the file (for learning from later corrections). */
  keepDocument?: boolean;
  /** Reading progress: the share of the document read (0..1), as pages and OCR bands finish. */
  onProgress?: (share: number) => void;
  /** Optional AI check, asked only when the rules' overall confidence is under `aiThreshold`. */
  ai?: AiCheck;
  aiThreshold?: number;
  signal?: AbortSignal;
  /** Where the file is read (PDF text, rendering, decoding, OCR): by default in this thread; a host passes its reader pool. */
  read?: DocumentReader;
}

/** Reads a file into positioned text (`readDocument`, or a pool of threads running it). */
export type DocumentReader = (bytes: Uint8Array, opts: ReadOptions) => Promise<DocumentText>;

/** Plain text of a document, line by line, for the AI check. */
export function documentPlainText(doc: DocumentText): string {
  return doc.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n\n');
}

/**
 * Reads a bill file (PDF, JPEG, PNG, HEIC) into structured bill data: text layer or OCR, then
 * rule-based fields with cross-checks, then (optionally) an AI check of the unsure fields.
 * Throws `ExtractionError` for unreadable files.
 */
export async function extractBill(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  const started = performance.now();
  const { result, doc } = await readAndExtract(bytes, opts.signal, started, opts.hints, opts.onProgress, opts.read);
  const { confirmed: _confirmed, stats: _stats, ...read } = result;
  const plain = opts.ai ? await checkWithAi(read, doc, opts.ai, { threshold: opts.aiThreshold, signal: opts.signal }) : read;
  plain.seconds = Math.round(performance.now() - started) / 1000;
  return opts.keepDocument ? { ...plain, document: doc } : plain;
}

/**
 * The AI check of a reading: when its overall confidence is under `threshold`, the model is
 * asked about the fields under the confidence floor that no cross-check confirmed, and its
 * answers are taken only when printed in the document's text (ai-check.ts). Returns the reading
 * as it was when nothing was asked.
 */
export async function checkWithAi(
  result: ExtractionResult,
  doc: DocumentText,
  ai: AiCheck,
  opts: { threshold?: number; signal?: AbortSignal } = {},
): Promise<ExtractionResult> {
  if (result.confidence >= (opts.threshold ?? DEFAULT_AI_THRESHOLD)) return result;
  opts.signal?.throwIfAborted();
  const fields = structuredClone(result.fields);
  const outcome = await runAiCheck(ai, documentPlainText(doc), fields, new Set(result.crossChecked ?? []));
  if (!outcome) return result;
  const checks = [...result.checks, { name: 'AI check', passed: outcome.fieldsRejected.length === 0, detail: aiCheckDetail(outcome.fieldsFilled, outcome.fieldsRejected) }];
  return { ...result, fields, ai: outcome, checks, confidence: overallConfidence(fields) };
}

function aiCheckDetail(filled: string[], rejected: string[]): string {
  const parts = [filled.length ? `filled ${filled.join(', ')}` : 'filled nothing'];
  if (rejected.length) parts.push(`rejected ${rejected.join(', ')} (not printed on the bill)`);
  return parts.join('; ');
}

/** Fields without which a bill is not usable: when OCR leaves one out, the pages are read again. */
const REQUIRED: Array<keyof BillFields> = ['totalAmount', 'dueDate', 'accountNumber', 'servicePeriodStart', 'servicePeriodEnd'];
/** Text row height (OCR pixels) of the second reading; the first uses the reader's default. */
const SECOND_PASS_TEXT_HEIGHT = 24;

export function missingRequired(fields: BillFields): Array<keyof BillFields> {
  return REQUIRED.filter((k) => {
    const f = fields[k];
    return !Array.isArray(f) && f.value === null;
  });
}

/**
 * Fills the fields `first` left empty with `second`'s values, at a lower confidence (each
 * reading alone missed or disagreed on them). Values `first` found are kept.
 */
export function fillMissing(first: BillFields, second: BillFields): Array<keyof BillFields> {
  const filled: Array<keyof BillFields> = [];
  const target = first as unknown as Record<string, FieldValue<unknown> | unknown[]>;
  for (const key of Object.keys(first) as Array<keyof BillFields>) {
    const a = first[key];
    const b = second[key];
    if (Array.isArray(a) || Array.isArray(b)) {
      if (Array.isArray(a) && a.length === 0 && Array.isArray(b) && b.length > 0) target[key] = b;
      continue;
    }
    if (a.value !== null || b.value === null) continue;
    target[key] = { value: b.value, confidence: Math.round(b.confidence * 0.9 * 100) / 100 };
    filled.push(key);
  }
  // A period is one reading: both ends from the same pass.
  if (filled.includes('servicePeriodStart') !== filled.includes('servicePeriodEnd')) {
    const from = filled.includes('servicePeriodStart') ? 'servicePeriodStart' : 'servicePeriodEnd';
    target[from] = { value: null, confidence: 0 };
    filled.splice(filled.indexOf(from), 1);
  }
  return filled;
}

/**
 * Reads and extracts; for documents read by OCR that lack a required field, reads the OCR pages
 * a second time at a larger text size and fills the missing fields from that reading.
 */
export async function readAndExtract(
  bytes: Uint8Array,
  signal?: AbortSignal,
  started = performance.now(),
  hints: readonly LayoutHint[] = [],
  onProgress?: (share: number) => void,
  read: DocumentReader = readDocument,
): Promise<{ doc: DocumentText; result: ReturnType<typeof extractFromDocument>; secondPass: boolean }> {
  // What follows a PDF's last %%EOF is no part of it (a portal's appended web page): the reader never sees it.
  bytes = pdfHeaderOffset(bytes) >= 0 ? withoutTrailingBytes(bytes) : bytes;
  const doc = await read(bytes, { signal, onProgress });
  const result = extractFromDocument(doc, started, hints);
  if (!doc.pages.some((p) => p.source === 'ocr') || missingRequired(result.fields).length === 0) return { doc, result, secondPass: false };
  signal?.throwIfAborted();
  const again = await read(bytes, { signal, ocrTextHeight: SECOND_PASS_TEXT_HEIGHT });
  let second: ReturnType<typeof extractFromDocument>;
  try {
    second = extractFromDocument(again, started, hints);
  } catch {
    return { doc, result, secondPass: true };
  }
  const filled = fillMissing(result.fields, second.fields);
  if (filled.length > 0) {
    result.checks.push({ name: 'second OCR reading', passed: true, detail: `filled ${filled.join(', ')}` });
    result.confidence = overallConfidence(result.fields);
  }
  result.seconds = Math.round(performance.now() - started) / 1000;
  return { doc, result, secondPass: true };
}

/** Fields read as words (a name, a service), which tiny print still shows; every other one holds digits. */
const WORD_FIELDS = new Set<keyof BillFields>(['billType', 'utilityProvider', 'customerName']);
/** The most a value with digits read from tiny print is stated: under 0.8, so the user checks it. */
export const SMALL_TEXT_CONFIDENCE = 0.75;

/**
 * Text a few pixels high (read-document.ts `hasSmallText`): OCR guesses its digits the same way
 * at every size and setting, so neither a cross-check nor a second reading makes them sure. Caps
 * the confidence of every field holding digits; true when one was lowered.
 */
export function capSmallTextConfidence(fields: BillFields): boolean {
  let lowered = false;
  for (const key of Object.keys(fields) as Array<keyof BillFields>) {
    const f = fields[key];
    if (WORD_FIELDS.has(key) || Array.isArray(f) || f.value === null || f.confidence <= SMALL_TEXT_CONFIDENCE) continue;
    f.confidence = SMALL_TEXT_CONFIDENCE;
    lowered = true;
  }
  return lowered;
}

/** The rules half of `extractBill`, for text already read (`started` from `performance.now()`). */
export function extractFromDocument(
  doc: DocumentText,
  started = performance.now(),
  hints: readonly LayoutHint[] = [],
): ExtractionResult & { confirmed: ReadonlySet<keyof BillFields>; stats: FieldExtraction['stats'] } {
  if (!doc.pages.some((p) => p.lines.some((l) => /[A-Za-z0-9]/.test(l.text)))) {
    throw new ExtractionError('NO_TEXT_FOUND', 'No text could be read from this file.');
  }
  const { fields, checks, confidence: rulesConfidence, confirmed, stats } = extractFields(doc, { hints });
  const names = findProviderNames(doc, fields.utilityProvider.value);
  // The legal name in readable casing, without its "d/b/a Brand"; found only through the d/b/a line when the rules found none.
  if (names) fields.utilityProvider = { value: names.legalName, confidence: fields.utilityProvider.value === null ? 0.6 : fields.utilityProvider.confidence };
  const credit = applyCreditBalance(doc, fields);
  if (credit) checks.push({ name: 'credit balance', passed: true, detail: credit });
  const capped = doc.pages.some((p) => p.smallText) ? capSmallTextConfidence(fields) : false;
  const confidence = credit || capped ? overallConfidence(fields) : rulesConfidence;
  return {
    fields,
    confidence,
    kind: doc.kind,
    pageCount: doc.pageCount,
    textSources: doc.pages.map((p) => p.source),
    checks,
    seconds: Math.round(performance.now() - started) / 1000,
    providerBrand: names?.brand ?? { value: null, confidence: 0 },
    crossChecked: [...confirmed],
    confirmed,
    stats,
  };
}
