import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBill } from './extract.ts';
import { closeReaders } from './read/read-document.ts';

// Bills the generator wrote into the repository: every layout family (held-out ones too) and
// every form, each with its true values (tools/README.md; regenerate with the commands there).
const GENERATED = resolve(dirname(fileURLToPath(import.meta.url)), '../test-fixtures/generated');

interface Truth {
  form: string;
  layout: string;
  billType: string;
  totalAmount: number;
  dueDate: string;
  accountNumber: string;
  servicePeriodStart: string;
  servicePeriodEnd: string;
}

const bills = readdirSync(GENERATED)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const base = f.slice(0, -5);
    const file = readdirSync(GENERATED).find((g) => g.startsWith(`${base}.`) && !g.endsWith('.json')) ?? '';
    return { file, truth: JSON.parse(readFileSync(join(GENERATED, f), 'utf8')) as Truth };
  });

afterAll(async () => {
  await closeReaders();
});

describe('extractBill on generated bills of every layout and form', () => {
  const results: Array<{ file: string; right: number; scored: number }> = [];

  it.each(bills)('$truth.form $truth.layout: $file', async ({ file, truth }) => {
    const r = await extractBill(new Uint8Array(readFileSync(join(GENERATED, file))));
    const checks = [
      r.fields.dueDate.value === truth.dueDate,
      r.fields.accountNumber.value?.replace(/[\s-]/g, '') === truth.accountNumber.replace(/[\s-]/g, ''),
      r.fields.servicePeriodStart.value === truth.servicePeriodStart,
      r.fields.servicePeriodEnd.value === truth.servicePeriodEnd,
    ];
    results.push({ file, right: checks.filter(Boolean).length, scored: checks.length });
    // The amount to pay and the bill's service are read on every one of them.
    expect(r.fields.totalAmount.value).toBeCloseTo(truth.totalAmount, 2);
    expect(r.fields.billType.value).toBe(truth.billType);
  }, 180_000);

  it('reads at least 90% of their dates and account numbers (held-out layouts and wordings included)', () => {
    const right = results.reduce((a, r) => a + r.right, 0);
    const scored = results.reduce((a, r) => a + r.scored, 0);
    expect(scored).toBe(bills.length * 4);
    expect(right / scored).toBeGreaterThanOrEqual(0.9);
  });
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
