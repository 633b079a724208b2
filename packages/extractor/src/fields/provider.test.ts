import { describe, expect, it } from 'vitest';
import { buildLayout } from './layout.ts';
import { findProvider } from './provider.ts';
import { documentFromLayoutText } from './text-doc.ts';

const providerOf = (text: string) => findProvider(buildLayout(documentFromLayoutText(text)));

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

  it('falls back to a company-looking name for unknown providers', () => {
    const text = '   ENERGY SERVICE PROVIDER\n   NORTHWOOD-LAKES HYDRO INC        (555) 743-3600\n   Our Fair Hydro Plan saved you $38.52 on your bill.';
    expect(providerOf(text)?.name).toBe('NORTHWOOD-LAKES HYDRO INC');
    expect(providerOf('   City of Springdale Utilities\n   Utility Bill\n   Amount Due $40.00')?.name).toBe('City of Springdale Utilities');
  });

  it('returns nothing when no provider is printed', () => {
    expect(providerOf('   Amount Due $10.00\n   Due Date 01/02/2026')).toBeNull();
  });
});
