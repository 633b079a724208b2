/**
 * Contracts of the bill reader. Text acquisition (PDF text layer, rasterise + OCR, image
 * normalisation) produces a `DocumentText`; field extraction turns it into `BillData`.
 * The two halves meet only here.
 */

export type BillType = 'electricity' | 'natural_gas' | 'water' | 'internet' | 'other';
export type UsageUnit = 'kWh' | 'therms' | 'CCF' | 'gallons' | 'GB' | 'm3';
export type FileKind = 'pdf' | 'jpeg' | 'png' | 'heic';

/** One word (or short run of text) with its box, in page units (PDF points or image pixels). */
export interface TextItem {
  text: string;
  x: number; // left
  y: number; // top (y grows downwards, for both PDF and images)
  width: number;
  height: number;
  /** 0..1; 1 for a PDF text layer, tesseract's word confidence / 100 for OCR. */
  confidence: number;
}

/** A visual line: items sharing a baseline, sorted left to right. */
export interface TextLine {
  text: string; // items joined with single spaces (wider gaps as two or more spaces)
  items: TextItem[];
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageText {
  index: number; // 0-based
  width: number;
  height: number;
  source: 'text-layer' | 'ocr';
  lines: TextLine[]; // top to bottom
}

export interface DocumentText {
  kind: FileKind;
  pageCount: number;
  pages: PageText[];
}

export interface FieldValue<T> {
  value: T | null;
  /** 0..1 */
  confidence: number;
}

export interface ChargeLine {
  label: string;
  amount: number;
  /** Units billed on the line (e.g. 824 for '824 kWh × $0.14'), when printed. */
  quantity?: number;
  unit?: string;
  /** Price per unit on the line, when printed. */
  rate?: number;
  /** The bill's grouping: fixed (customer charge), variable (per unit), tax (taxes and fees), other. */
  kind?: 'fixed' | 'variable' | 'tax' | 'other';
}

export interface MeterReading {
  meterNumber?: string;
  previous?: number;
  current?: number;
  estimated?: boolean;
}

/** The bill's data, as read. Dates are ISO `YYYY-MM-DD`, amounts are numbers in dollars. */
export interface BillFields {
  billType: FieldValue<BillType>;
  utilityProvider: FieldValue<string>;
  accountNumber: FieldValue<string>;
  totalAmount: FieldValue<number>;
  dueDate: FieldValue<string>;
  servicePeriodStart: FieldValue<string>;
  servicePeriodEnd: FieldValue<string>;
  usageAmount: FieldValue<number>;
  usageUnit: FieldValue<UsageUnit>;
  customerName: FieldValue<string>;
  serviceAddress: FieldValue<string>;
  previousBalance: FieldValue<number>;
  paymentsReceived: FieldValue<number>;
  currentCharges: FieldValue<number>;
  charges: ChargeLine[];
  meterReadings: MeterReading[];
  /** Price per usage unit, when printed or derivable. */
  rate: FieldValue<number>;
}

export interface ExtractionResult {
  fields: BillFields;
  /** Overall document confidence, 0..1. */
  confidence: number;
  kind: FileKind;
  pageCount: number;
  /** Which pages were read from a text layer vs OCR. */
  textSources: Array<'text-layer' | 'ocr'>;
  /** Notes from cross-checks ("charges sum to total", "stub disagrees"), for debugging and UI. */
  checks: Array<{ name: string; passed: boolean; detail?: string }>;
  ai?: { model: string; inputTokens: number; outputTokens: number; cost: number; fieldsFilled: string[] };
  seconds: number;
}

export type ExtractionErrorCode =
  | 'UNSUPPORTED_TYPE'
  | 'FILE_TOO_LARGE'
  | 'EMPTY_FILE'
  | 'TOO_MANY_PAGES'
  | 'IMAGE_TOO_LARGE'
  | 'CORRUPT_FILE'
  | 'ENCRYPTED_PDF'
  | 'NO_TEXT_FOUND'
  | 'TIMEOUT';

export class ExtractionError extends Error {
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}
