import { describe, expect, it } from 'vitest';
import { buildLayout } from './layout.ts';
import { findProvider } from './provider.ts';
import { documentFromLayoutText } from './text-doc.ts';

const providerOf = (text: string) => findProvider(buildLayout(documentFromLayoutText(text)));

/** A one-page bill: letterhead rows at the top, body in the middle, the remittance stub at the bottom. */
function billText(header: string[], body: string[], stub: string[] = []): string {
  const rows = [...header, '', ...body];
  while (rows.length < 50) rows.push('');
  return [...rows, ...stub].join('\n');
}

describe('findProvider', () => {
  it('knows utilities by alias and web domain', () => {
    expect(providerOf('   xfinity\n   Amount Due 10.00\n   xfinity.com')?.name).toBe('Xfinity');
    expect(providerOf('   ComEd\n   comed.com   Amount Due $5.00')?.name).toMatch(/ComEd|Commonwealth Edison/);
    expect(providerOf('   SoCalGas\n   socalgas.com')?.type).toBe('natural_gas');
  });

  it('prefers the utility over a third-party supplier section', () => {
    const text = [
      '   BGE                ELECTRIC SUPPLY',
      '   ELECTRIC           Constellation New Energy, Inc',
      '   DELIVERY           constellation.com',
      '   BGE Outstanding Balance   $0.00',
      '   Return this portion with your check made payable to BGE.',
      '   Visit BGE.COM',
    ].join('\n');
    expect(providerOf(text)?.name).toMatch(/BGE|Baltimore Gas/);
  });

  it('prefers the utility when the supplier section names a retail marketer from the directory', () => {
    const text = billText(
      ['   Duquesne Light Company', '   411 Seventh Avenue, Pittsburgh, PA 15219'],
      [
        '   Account Number 1234-567-890       Amount Due $88.10',
        '   DELIVERY CHARGES - Duquesne Light',
        '   Distribution charge    $40.12',
        '   ELECTRIC SUPPLY CHARGES',
        '   Your supplier: Verde Energy USA',
        '   Verde Energy USA generation charge    $47.98',
      ],
      ['   Make checks payable to Duquesne Light Company', '   PO Box 10, Pittsburgh, PA 15230'],
    );
    const guess = providerOf(text);
    expect(guess?.name).toBe('Duquesne Light Company');
    expect(guess?.state).toBe('PA');
  });

  it('returns the city for a municipal bill with a "Waste Water" section and the city in the remit address', () => {
    const text = billText(
      ['   UTILITY BILL', '   Account 220-118'],
      [
        '   WASTE WATER',
        '   Sewer base charge        $18.00',
        '   WATER SERVICE CHARGES',
        '   Water usage 4,000 gallons   $21.30',
        '   Electric Service         $64.10',
        '   Account Summary',
      ],
      ['   Make checks payable to:', '   City of Springfield Utilities', '   PO Box 5004', '   Springfield, IL 62705'],
    );
    const guess = providerOf(text);
    expect(guess?.name).toBe('City of Springfield Utilities');
    expect(guess?.state).toBe('IL');
  });

  it('recognises a directory utility printed only in the web address', () => {
    const text = billText(
      ['   Statement of Account', '   Service address: 14 Mill Rd, Lyman, SC 29365'],
      ['   Electric Service   1,024 kWh   $131.06', '   Amount Due $131.06'],
      ['   Pay online at www.lockhartpower.com or call 864-555-0100'],
    );
    const guess = providerOf(text);
    expect(guess?.name).toBe('Lockhart Power Company');
    expect(guess?.state).toBe('SC');
    expect(guess?.eiaId).toBeTypeOf('number');
  });

  it('reads an unknown utility from "Thank you for choosing …"', () => {
    const text = billText(
      ['   ELECTRIC SERVICE', '   Account Summary'],
      ['   Thank you for choosing Northwind Power & Light.', '   Total Amount Due $72.40'],
    );
    expect(providerOf(text)?.name).toBe('Northwind Power & Light');
  });

  it('tolerates OCR slips in a long name', () => {
    const text = billText(
      ['   Consolidated Edlson Company of New York, Inc.', '   4 Irving Place, New York, NY 10003'],
      ['   Total amount due $61.00'],
    );
    const guess = providerOf(text);
    expect(guess?.name).toMatch(/^Consolidated Edison Company of New York/);
    expect(guess?.state).toBe('NY');
  });

  it('does not read OCR-like near misses of short names', () => {
    // "Jackson EMC" is a co-op; "Jacksen EMK" is too short to be read as it.
    expect(providerOf(billText(['   Jacksen EMK'], ['   Amount Due $10.00']))).toBeNull();
  });

  it('falls back to a company-looking name for unknown providers', () => {
    const text = '   ENERGY SERVICE PROVIDER\n   NORTHWOOD-LAKES HYDRO INC        (555) 743-3600\n   Our Fair Hydro Plan saved you $38.52 on your bill.';
    expect(providerOf(text)?.name).toBe('NORTHWOOD-LAKES HYDRO INC');
    expect(providerOf('   City of Springdale Utilities\n   Utility Bill\n   Amount Due $40.00')?.name).toBe('City of Springdale Utilities');
  });

  it('never returns a section heading', () => {
    const text = billText(['   WASTE WATER', '   Electric Service', '   Water Service Charges'], ['   Account Summary', '   Billing Details', '   Your Energy Usage', '   Amount Due $10.00']);
    expect(providerOf(text)).toBeNull();
  });

  it('returns nothing when no provider is printed', () => {
    expect(providerOf('   Amount Due $10.00\n   Due Date 01/02/2026')).toBeNull();
  });
});
