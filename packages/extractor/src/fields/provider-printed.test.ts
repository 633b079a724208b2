import { describe, expect, it } from 'vitest';
import { buildLayout } from './layout.ts';
import { findProviderIn } from './provider.ts';
import { buildDirectoryIndex } from './provider-directory.ts';
import { abbreviates } from './provider-printed.ts';
import { documentFromLayoutText } from './text-doc.ts';

/** Providers nobody listed: an empty directory leaves only the bill's own wording. */
const EMPTY = buildDirectoryIndex([], []);
const unknownProviderOf = (text: string) => findProviderIn(buildLayout(documentFromLayoutText(text)), EMPTY);

function billText(header: string[], body: string[], stub: string[] = []): string {
  const rows = [...header, '', ...body];
  while (rows.length < 50) rows.push('');
  return [...rows, ...stub].join('\n');
}

describe('providers the directory does not know', () => {
  it('takes the printed name a web address spells', () => {
    const text = billText(
      ['   lakeshorehydro.com', '   Account 4410'],
      ["   Lakeshore Hydro's 2025 scorecard is now available at lakeshorehydro.com/scorecard.", '   Amount Due $84.00'],
    );
    expect(unknownProviderOf(text)?.name).toBe('Lakeshore Hydro');
    const grid = billText(['   Statement'], ['   Tristate Grid customers can go paperless.', '   Visit www.tristategridus.com'], []);
    expect(unknownProviderOf(grid)?.name).toBe('Tristate Grid');
  });

  it('reads the brand a check is made payable to, and prefers the full name it stands for', () => {
    const brandOnly = billText(['   NPL.com   Page 1'], ['   NPL automatic bill pay', '   Amount Due $50.00'], ['   Make check payable to NPL', '   NPL']);
    expect(unknownProviderOf(brandOnly)?.name).toBe('NPL');
    const withFullName = billText(
      ['   NPL.com   Page 1'],
      ['   NPL automatic bill pay', '   Amount Due $50.00'],
      ['   Make check payable to NPL', '   Northwind Power & Light Company, PO Box 1, Millbrook, OR 97999'],
    );
    expect(unknownProviderOf(withFullName)?.name).toBe('Northwind Power & Light Company');
  });

  it('does not take a supplier, a regulator or a rate heading for the provider', () => {
    const text = billText(
      ['   Lakeshore Gas & Electric', '   PO Box 8, Lakeshore, MI 49000'],
      [
        '   ELECTRIC SUPPLY',
        '   Supplier: Bright Star Energy LLC',
        '   On-Peak Energy   410 kWh',
        '   Off-Peak Energy  610 kWh',
        '   Rates approved by the Michigan Public Service Commission',
      ],
    );
    expect(unknownProviderOf(text)?.name).toBe('Lakeshore Gas & Electric');
    expect(unknownProviderOf(billText(['   On-Peak Energy   410 kWh'], ['   Regulated by the Michigan Public Service Commission']))).toBeNull();
  });
});

describe('generic utility names', () => {
  it.each([
    ['   Cascade Municipal Utilities', 'Cascade Municipal Utilities', null],
    ['   Mason County Public Utility District No. 3', 'Mason County Public Utility District', null],
    ['   Cedar Creek Water District', 'Cedar Creek Water District', 'water'],
    ['   Prairie Wind Electric Cooperative, Inc.', 'Prairie Wind Electric Cooperative, Inc.', 'electricity'],
    ['   Village of Maple Falls', 'Village of Maple Falls', null],
    ['   Lakeshore Gas & Electric', 'Lakeshore Gas & Electric', 'multi'],
  ])('reads %s', (header, name, type) => {
    const guess = unknownProviderOf(billText([header, '   PO Box 1, Springfield, ZZ 00000'], ['   WASTE WATER', '   Amount Due $10.00']));
    expect(guess?.name).toBe(name);
    expect(guess?.type).toBe(type);
  });
});

describe('abbreviates', () => {
  it('matches brands made of leading letters', () => {
    expect(abbreviates('PG&E', 'Pacific Gas and Electric Company')).toBe(true);
    expect(abbreviates('ComEd', 'Commonwealth Edison Company')).toBe(true);
    expect(abbreviates('SoCalGas', 'Southern California Gas Company')).toBe(true);
    expect(abbreviates('FPL', 'Georgia Power Company')).toBe(false);
  });
});
