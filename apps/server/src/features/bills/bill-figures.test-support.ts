import { buildPdf } from '@wattwise/extractor/testing/pdf';
import type { BillFields, ChargeLine, ExtractionResult } from '@wattwise/extractor/types';
import type { BillJobDeps } from './bills.jobs.ts';

/**
 * Bills whose read fields the test sets directly, so tests of the figures do not depend on the
 * bill reader: each fixture is a small valid PDF carrying a key, and the fake reader answers
 * with the fields registered under that key.
 */
export type FixtureFields = {
  billType?: BillFields['billType']['value'];
  utilityProvider?: string | null;
  accountNumber?: string | null;
  serviceAddress?: string | null;
  totalAmount?: number | null;
  currentCharges?: number | null;
  previousBalance?: number | null;
  paymentsReceived?: number | null;
  dueDate?: string | null;
  servicePeriodStart?: string | null;
  servicePeriodEnd?: string | null;
  usageAmount?: number | null;
  usageUnit?: BillFields['usageUnit']['value'];
  rate?: number | null;
  charges?: ChargeLine[];
  /** The reader's confidence in a field when not the usual 0.95 (an unsure read). */
  confidences?: Partial<Record<keyof BillFields, number>>;
};

const sure = <T>(value: T | null | undefined) => ({ value: value ?? null, confidence: value == null ? 0 : 0.95 });

export function billFieldsOf(f: FixtureFields): BillFields {
  const fields = billFieldsAsRead(f);
  for (const [name, confidence] of Object.entries(f.confidences ?? {})) {
    const read = fields[name as keyof BillFields] as { confidence?: number };
    if (typeof read === 'object' && 'confidence' in read) read.confidence = confidence;
  }
  return fields;
}

function billFieldsAsRead(f: FixtureFields): BillFields {
  const field = sure;
  return {
    billType: field(f.billType ?? 'electricity'),
    utilityProvider: field(f.utilityProvider),
    accountNumber: field(f.accountNumber),
    totalAmount: field(f.totalAmount),
    dueDate: field(f.dueDate),
    servicePeriodStart: field(f.servicePeriodStart),
    servicePeriodEnd: field(f.servicePeriodEnd),
    usageAmount: field(f.usageAmount),
    usageUnit: field(f.usageUnit ?? (f.usageAmount != null ? 'kWh' : null)),
    customerName: field<string>(null),
    serviceAddress: field(f.serviceAddress),
    previousBalance: field(f.previousBalance),
    paymentsReceived: field(f.paymentsReceived),
    currentCharges: field(f.currentCharges),
    lateFees: field<number>(null),
    charges: f.charges ?? [],
    services: [],
    meterReadings: [],
    rate: field(f.rate),
  };
}

export function createFixtureReader() {
  const registered = new Map<string, FixtureFields>();
  let next = 0;
  const extract: NonNullable<BillJobDeps['extract']> = (bytes) => {
    const key = /fixture-(\d+)/.exec(Buffer.from(bytes).toString('latin1'))?.[1];
    const fields = key ? registered.get(key) : undefined;
    if (!fields) return Promise.reject(new Error('unknown fixture'));
    const result: ExtractionResult = {
      fields: billFieldsOf(fields),
      confidence: 0.9,
      kind: 'pdf',
      pageCount: 1,
      textSources: ['text-layer'],
      checks: [],
      seconds: 0.01,
    };
    return Promise.resolve(result);
  };
  return {
    extract,
    /** A PDF the fake reader will read as `fields`. */
    file(fields: FixtureFields): Uint8Array {
      const key = String(++next);
      registered.set(key, fields);
      return buildPdf({ pages: [[`fixture-${key}`]] });
    },
  };
}
