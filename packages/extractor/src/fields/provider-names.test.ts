import { describe, expect, it } from 'vitest';
import { printedNamesOfEia } from './provider-eia-names.ts';
import { boundedLevenshtein, domainLabel, domainSkeleton, nameKey } from './provider-names.ts';

describe('nameKey', () => {
  it('reads abbreviations, "&" and suffixes alike', () => {
    expect(nameKey('Pacific Gas & Electric Co.')).toBe(nameKey('Pacific Gas and Electric Company'));
    expect(nameKey('Baldwin County Elec Member Corp')).toBe(nameKey('Baldwin County Electric Membership Corporation'));
    expect(nameKey('The York Water Company')).toBe('york water');
    expect(nameKey('United Electric Co-op, Inc.')).toBe('united electric cooperative');
    expect(nameKey('Hydro-Québec')).toBe('hydro quebec');
  });
});

describe('domains', () => {
  it('takes the registrable label of a web address', () => {
    expect(domainLabel('https://www.northwind-power.com/pay')).toBe('northwindpower');
    expect(domainLabel('pay.northwind.com')).toBe('northwind');
  });

  it('squeezes a name as a domain would spell it', () => {
    expect(domainSkeleton('Northwind Power & Light Co.')).toBe('northwindpowerlight');
    expect(domainSkeleton('Springfield Utilities')).toBe('springfieldutility');
    expect(domainSkeleton('City of Ames', true)).toBe('cityofames');
  });
});

describe('boundedLevenshtein', () => {
  it('counts edits up to the bound', () => {
    expect(boundedLevenshtein('edlson', 'edison', 2)).toBe(1);
    expect(boundedLevenshtein('wind', 'land', 1)).toBe(2);
  });
});

describe('printedNamesOfEia', () => {
  it('spells out EIA abbreviations', () => {
    expect(printedNamesOfEia('Alaska Electric Light&Power Co').name).toBe('Alaska Electric Light & Power Company');
    expect(printedNamesOfEia('Consolidated Edison Co-NY Inc').name).toBe('Consolidated Edison Company of New York, Inc.');
    expect(printedNamesOfEia('Chugach Electric Assn Inc').name).toBe('Chugach Electric Association, Inc.');
    expect(printedNamesOfEia('Sacramento Municipal Util Dist').name).toBe('Sacramento Municipal Utility District');
    expect(printedNamesOfEia('El Paso Electric Co').name).toBe('El Paso Electric Company');
    expect(printedNamesOfEia('Tishomingo County E P A').name).toBe('Tishomingo County Electric Power Association');
    expect(printedNamesOfEia('Idaho County L&P Coop Assn, Inc').name).toBe('Idaho County Light & Power Cooperative Association, Inc.');
    expect(printedNamesOfEia('PUD No 1 of Skamania Co').name).toBe('Public Utility District No. 1 of Skamania County');
  });

  it('names co-ops as their members read them', () => {
    const emc = printedNamesOfEia('Baldwin County El Member Corp');
    expect(emc.name).toBe('Baldwin County Electric Membership Corporation');
    expect(emc.aliases).toContain('Baldwin County EMC');
    expect(printedNamesOfEia('Clarke-Washington E M C').aliases).toContain('Clarke-Washington EMC');
    expect(printedNamesOfEia('Sulphur Springs Valley E C Inc').name).toBe('Sulphur Springs Valley Electric Cooperative, Inc.');
  });

  it('gives towns and public utility districts their short names', () => {
    const town = printedNamesOfEia('City of Mulberry - (KS)');
    expect(town.name).toBe('City of Mulberry');
    expect(town.aliases).toContain('Mulberry Municipal Utilities');
    expect(printedNamesOfEia('City of California').aliases).toEqual([]);
    expect(printedNamesOfEia('PUD No 1 of Chelan County').aliases).toContain('Chelan County PUD');
  });

  it('keeps the brand of a "d/b/a" name', () => {
    const dba = printedNamesOfEia('Choice Energy, LLC d/b/a 4 Choice Energy');
    expect(dba.name).toBe('4 Choice Energy');
    expect(dba.aliases).toContain('Choice Energy, LLC');
  });
});
