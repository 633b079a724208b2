import { describe, expect, it } from 'vitest';
import { extractFromDocument } from './extract.ts';
import { documentFromLayoutText } from './fields/text-doc.ts';
import { toOutputLine } from './output.ts';
import { displayCase, findProviderNames } from './provider-brand.ts';

// The brand a customer knows beside the legal name (issue 25): from a d/b/a line printed on the
// bill, else from the utility directory.

const bill = (top: string) => `
   ${top}
   PO Box 660369 Dallas TX 75266
   Account Number 5512-3390
   Billing Period: 01/02/2026 - 02/01/2026
   Amount Due  $75.61
   Due Date: 02/20/2026
`;
const read = (top: string) => extractFromDocument(documentFromLayoutText(bill(top)));

describe('provider brand', () => {
  it('splits "LEGAL D/B/A BRAND" into the legal name and the brand, in readable casing', () => {
    const r = read('NSTAR ELECTRIC COMPANY D/B/A EVERSOURCE ENERGY');
    expect(r.fields.utilityProvider.value).toBe('NSTAR Electric Company');
    expect(r.providerBrand).toEqual({ value: 'Eversource Energy', confidence: 0.9 });
    expect(toOutputLine('x.pdf', r)).toMatchObject({ utilityProvider: 'NSTAR Electric Company', providerBrand: 'Eversource Energy' });
  });

  it('reads "doing business as" even for a utility the directory does not know', () => {
    const r = read('Blue Ridge Power LLC doing business as Ridgeline Energy');
    expect(r.fields.utilityProvider.value).toBe('Blue Ridge Power LLC');
    expect(r.providerBrand?.value).toBe('Ridgeline Energy');
  });

  it('takes the brand from the directory when the bill prints only the legal name', () => {
    expect(read('NSTAR Electric Company').providerBrand?.value).toBe('Eversource Energy');
    expect(read('Northern Illinois Gas Company').providerBrand?.value).toBe('Nicor Gas');
  });

  it('adds no brand where the name is the brand, or the directory name only repeats it', () => {
    expect(read('Eversource Energy').providerBrand?.value).toBeNull();
    expect(read('Duke Energy Carolinas').providerBrand?.value).toBeNull();
    expect(read('Georgia Power').providerBrand?.value).toBeNull();
  });

  it('ignores a d/b/a line about another company', () => {
    const doc = documentFromLayoutText(`${bill('Georgia Power')}   Supplier: Acme Retail LLC d/b/a Acme Energy Direct\n`);
    expect(findProviderNames(doc, 'Georgia Power')).toBeNull();
  });

  it('keeps initialisms in capitals when it title-cases an unknown name', () => {
    expect(displayCase('SMITHVILLE EMC D/B/A SMITHVILLE POWER')).toBe('Smithville EMC D/B/A Smithville Power');
    expect(displayCase('Already Mixed Case')).toBe('Already Mixed Case');
  });
});
