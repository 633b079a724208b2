/**
 * Contracts of the bill reader. Text acquisition (PDF text layer, rasterise + OCR, image
 * normalisation) produces a `DocumentText`; field extraction turns it into `BillData`.
 * The two halves meet only here.
 */

import { BILL_SUMMARY_FIELDS, type BillType } from '@wattwise/shared/contract/bills';

export type { BillType };
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
  /**
   * OCR'd from an image whose text rows are only a few pixels high (a thumbnail, a ~50 dpi
   * image): digits there are guesses (2024 reads 2004), so nothing read from it is stated sure.
   */
  smallText?: true;
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

export type ChargeKind = 'fixed' | 'variable' | 'tax' | 'credit' | 'other';
export type ServiceKind = 'electric' | 'gas' | 'water' | 'wastewater' | 'stormwater' | 'trash' | 'fire' | 'internet' | 'other';

/** One itemised charge as printed: "Energy Charge 565 kWh x $0.1100 $62.15". */
export interface ChargeLine {
  label: string;
  amount: number;
  /** Billed quantity and its unit as printed, and the price per unit, when the line prints them. */
  quantity?: number;
  unit?: string;
  rate?: number;
  /** Fixed (customer/basic charge), variable (with usage), tax, credit or other. */
  kind: ChargeKind;
  service?: ServiceKind;
}

/** One service on the bill (a municipal bill lists water, wastewater, trash… each on its own). */
export interface ServiceDetail {
  service: ServiceKind;
  meter: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  usage: number | null;
  unit: UsageUnit | null;
  charges: number | null;
}

export interface MeterReading {
  meterNumber?: string;
  previous?: number;
  current?: number;
  estimated?: boolean;
}

/** The bill's summary fields: what the CLI prints under fixed keys, the AI check asks about and the bench scores. */
export const SUMMARY_FIELDS = BILL_SUMMARY_FIELDS;
export type SummaryField = (typeof SUMMARY_FIELDS)[number];

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
  /** The parts of the amount due, when printed: carried balance, payments and credits (negative), this period's charges, late fees. */
  previousBalance: FieldValue<number>;
  paymentsReceived: FieldValue<number>;
  currentCharges: FieldValue<number>;
  lateFees: FieldValue<number>;
  /** Itemised charges; only returned when they add up to this period's charges. */
  charges: ChargeLine[];
  services: ServiceDetail[];
  meterReadings: MeterReading[];
  /** Price per usage unit, when printed or derivable. */
  rate: FieldValue<number>;
}

/** Fields a correction can teach the reader where to look on the next bill of the same account. */
export type HintField = 'totalAmount' | 'dueDate' | 'accountNumber' | 'usageAmount' | 'servicePeriodStart' | 'servicePeriodEnd';

/**
 * Where a corrected value sat on a bill: the words of its label and its place on the page. The
 * next bill of the same provider and account reads that field from the value with the same
 * label, or in the same place.
 */
export interface LayoutHint {
  field: HintField;
  /** Normalised label words ("amount owing"), empty when the value had no label. */
  label: string;
  page: number;
  /** Left and top of the value, 0..1 of the page's width and height. */
  relX: number;
  relY: number;
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
  /** The AI check, when a model was asked: its answers taken (`fieldsFilled`) and those not printed in the bill (`fieldsRejected`). */
  ai?: { model: string; inputTokens: number; outputTokens: number; cost: number; fieldsFilled: string[]; fieldsRejected?: string[] };
  /** The brand the customer knows when it differs from the provider's (legal) name: "Eversource Energy" for NSTAR Electric Company. */
  providerBrand?: FieldValue<string | null>;
  /** Fields a cross-check confirmed (the AI check never asks about them). */
  crossChecked?: Array<keyof BillFields>;
  seconds: number;
  /** The positioned text that was read, when asked for (`keepDocument`): corrections learn from it. */
  document?: DocumentText;
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
