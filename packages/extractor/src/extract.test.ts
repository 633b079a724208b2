import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBill } from './extract.ts';
import { closeReaders } from './read/read-document.ts';

// One bill of each form from the shared public set, chosen from the truth files at run time.
const BILLS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/bills');

interface Truth {
  form: string;
  totalAmount: number;
  dueDate: string;
  accountNumber: string;
  billType: string;
}

function onePerForm(): Array<{ form: string; file: string; truth: Truth }> {
  if (!existsSync(BILLS)) return [];
  const seen = new Map<string, { form: string; file: string; truth: Truth }>();
  for (const f of readdirSync(BILLS).sort()) {
    if (!f.endsWith('.json')) continue;
    const truth = JSON.parse(readFileSync(join(BILLS, f), 'utf8')) as Truth;
    const base = f.slice(0, -5);
    const file = readdirSync(BILLS).find((g) => g.startsWith(`${base}.`) && !g.endsWith('.json'));
    if (file && !seen.has(truth.form)) seen.set(truth.form, { form: truth.form, file, truth });
  }
  return [...seen.values()];
}

const cases = onePerForm();

describe.skipIf(cases.length === 0)('extractBill on the shared bills, one per form', () => {
  afterAll(async () => {
    await closeReaders();
  });

  it.each(cases)('$form: $file', async ({ file, truth }) => {
    const bytes = new Uint8Array(readFileSync(join(BILLS, file)));
    const r = await extractBill(bytes);
    expect(r.fields.totalAmount.value).toBeCloseTo(truth.totalAmount, 2);
    expect(r.fields.dueDate.value).toBe(truth.dueDate);
    expect(r.fields.accountNumber.value?.replace(/[\s-]/g, '')).toBe(truth.accountNumber.replace(/[\s-]/g, ''));
    expect(r.fields.billType.value).toBe(truth.billType);
    expect(r.confidence).toBeGreaterThan(0.5);
  }, 180_000);
});

describe('extractBill on a HEIC photo', () => {
  it('reads the fields of a made-up bill photographed as HEIC', async () => {
    const heic = new Uint8Array(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../test-fixtures/photo-bill.heic')));
    const r = await extractBill(heic);
    expect({
      utilityProvider: r.fields.utilityProvider.value,
      accountNumber: r.fields.accountNumber.value,
      totalAmount: r.fields.totalAmount.value,
      dueDate: r.fields.dueDate.value,
      servicePeriodStart: r.fields.servicePeriodStart.value,
      servicePeriodEnd: r.fields.servicePeriodEnd.value,
      usageAmount: r.fields.usageAmount.value,
      usageUnit: r.fields.usageUnit.value,
      billType: r.fields.billType.value,
    }).toEqual({
      utilityProvider: 'Lakeside Electric Cooperative',
      accountNumber: '5520-118-0937',
      totalAmount: 128.47,
      dueDate: '2026-03-24',
      servicePeriodStart: '2026-01-28',
      servicePeriodEnd: '2026-02-26',
      usageAmount: 842,
      usageUnit: 'kWh',
      billType: 'electricity',
    });
  }, 180_000);
});

describe('extractBill errors', () => {
  it('rejects a text file renamed .pdf with a typed error', async () => {
    await expect(extractBill(new TextEncoder().encode('hello, this is not a bill'))).rejects.toMatchObject({ name: 'ExtractionError' });
  });
});
