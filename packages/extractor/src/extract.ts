import { DEFAULT_AI_THRESHOLD, runAiCheck, type AiCheck } from './ai-check.ts';
import { extractFields, overallConfidence, type FieldExtraction } from './fields/extract-fields.ts';
import { readDocument } from './read/read-document.ts';

// Part of the public API: stop the OCR workers at shutdown; learn where a corrected value was printed.
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
}

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
  const { result, doc } = await readAndExtract(bytes, opts.signal, started, opts.hints, opts.onProgress);
  if (opts.ai && result.confidence < (opts.aiThreshold ?? DEFAULT_AI_THRESHOLD)) {
    opts.signal?.throwIfAborted();
    const outcome = await runAiCheck(opts.ai, documentPlainText(doc), result.fields, result.confirmed);
    if (outcome) {
      result.ai = outcome;
      result.confidence = overallConfidence(result.fields);
    }
    result.seconds = Math.round(performance.now() - started) / 1000;
  }
  const { confirmed: _confirmed, stats: _stats, ...plain } = result;
  return opts.keepDocument ? { ...plain, document: doc } : plain;
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
): Promise<{ doc: DocumentText; result: ReturnType<typeof extractFromDocument>; secondPass: boolean }> {
  const doc = await readDocument(bytes, { signal, onProgress });
  const result = extractFromDocument(doc, started, hints);
  if (!doc.pages.some((p) => p.source === 'ocr') || missingRequired(result.fields).length === 0) return { doc, result, secondPass: false };
  signal?.throwIfAborted();
  const again = await readDocument(bytes, { signal, ocrTextHeight: SECOND_PASS_TEXT_HEIGHT });
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

/** The rules half of `extractBill`, for text already read (`started` from `performance.now()`). */
export function extractFromDocument(
  doc: DocumentText,
  started = performance.now(),
  hints: readonly LayoutHint[] = [],
): ExtractionResult & { confirmed: ReadonlySet<keyof BillFields>; stats: FieldExtraction['stats'] } {
  if (!doc.pages.some((p) => p.lines.some((l) => /[A-Za-z0-9]/.test(l.text)))) {
    throw new ExtractionError('NO_TEXT_FOUND', 'No text could be read from this file.');
  }
  const { fields, checks, confidence, confirmed, stats } = extractFields(doc, { hints });
  return {
    fields,
    confidence,
    kind: doc.kind,
    pageCount: doc.pageCount,
    textSources: doc.pages.map((p) => p.source),
    checks,
    seconds: Math.round(performance.now() - started) / 1000,
    confirmed,
    stats,
  };
}
