import { describe, expect, it } from 'vitest';
import { findUsages, normalizeUnit, parseQuantity, unitInLabel } from './usage.ts';

describe('findUsages', () => {
  it.each([
    ['646 kWh', 646, 'kWh'],
    ['1,194 KWH', 1194, 'kWh'],
    ['120122 k W h', 120122, 'kWh'],
    ['19 therms', 19, 'therms'],
    ['1 Therm', 1, 'therms'],
    ['11 CCF', 11, 'CCF'],
    ['11 HCF', 11, 'CCF'],
    ['2,860 gallons', 2860, 'gallons'],
    ['2.86 kgal', 2860, 'gallons'],
    ['309 GB', 309, 'GB'],
    ['1.2 TB', 1200, 'GB'],
    ['360 m³', 360, 'm3'],
    ['46 m3', 46, 'm3'],
    ['3 MWh', 3000, 'kWh'],
  ])('%s', (text, amount, unit) => {
    expect(findUsages(text)[0]).toMatchObject({ amount, unit });
  });

  it('ignores numbers without a unit and units inside words', () => {
    expect(findUsages('Days 31')).toHaveLength(0);
    expect(findUsages('12 gbps plan')).toHaveLength(0);
  });
});

describe('units', () => {
  it('normalises spellings', () => {
    expect(normalizeUnit('Therms')?.unit).toBe('therms');
    expect(normalizeUnit('kgal')).toEqual({ unit: 'gallons', factor: 1000 });
    expect(normalizeUnit('furlongs')).toBeNull();
  });
  it('finds the unit named in a label', () => {
    expect(unitInLabel('Usage (kWh)')?.unit).toBe('kWh');
    expect(unitInLabel('Gas used this period (m³)')?.unit).toBe('m3');
    expect(unitInLabel('Total Due')).toBeNull();
  });
  it('reads a unit printed with its scale, and does not take the scale for a quantity', () => {
    expect(unitInLabel('Water used (1,000 gal)')).toEqual({ unit: 'gallons', factor: 1000 });
    expect(unitInLabel('Consumption (in 1000 gallons)')).toEqual({ unit: 'gallons', factor: 1000 });
    expect(unitInLabel('Usage (100 cu ft)')).toEqual({ unit: 'CCF', factor: 1 });
    expect(unitInLabel('Usage (x1000 cubic feet)')).toEqual({ unit: 'CCF', factor: 10 });
    expect(findUsages('Water used (1,000 gal): 4.3')).toEqual([]);
    expect(parseQuantity('(1,000 gal): 4.3')).toBe(4.3);
  });
});
