import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { locationOfAddress, locationOfCoordinates, locationOfZip, stateOfUtility, utilityKey } from './location.ts';
import { householdFromText } from './offline-engine.ts';

describe('where the household is', () => {
  it('reads city, state and ZIP from a service address', () => {
    expect(locationOfAddress('1128 N CEDAR RD, ATLANTA, GA 30381')).toEqual({ city: 'Atlanta', state: 'GA', zip: '30381', source: 'bill' });
    expect(locationOfAddress('4019 CHURCH ST, NEWARK, NJ 07146-1234')).toMatchObject({ state: 'NJ', zip: '07146' });
    expect(locationOfAddress('12 Rue de la Paix, Paris')).toBeNull();
    expect(locationOfAddress('1 MAIN ST, TORONTO, ON M5V 2T6')).toBeNull();
  });

  it('places a utility in its state from EIA-861 (name variants too); unknown names are not guessed', () => {
    expect(utilityKey('Georgia Power Company')).toBe(utilityKey('Georgia Power Co'));
    expect(stateOfUtility('Georgia Power Company')).toBe('GA');
    expect(stateOfUtility('Duke Energy Carolinas, LLC')).toMatch(/^(NC|SC)$/);
    expect(stateOfUtility('Totally Unknown Power & Light')).toBeNull();
    expect(stateOfUtility('Co')).toBeNull();
  });

  it('finds the nearest ZIP to coordinates offline, and a ZIP’s city', () => {
    expect(locationOfCoordinates(33.749, -84.388)).toMatchObject({ state: 'GA', city: 'Atlanta' });
    expect(locationOfZip('04101')).toMatchObject({ state: 'ME', city: 'Portland' });
    expect(locationOfZip('00000')).toBeNull();
  });
});

describe('offline engine reads a scenario', () => {
  it.each([
    ['We rent an apartment heated by a gas furnace', { tenure: 'renter', heatingFuel: 'natural_gas', propertyType: 'multifamily' }],
    ['Homeowner, family of 4, income below 80% of the area median', { tenure: 'owner', householdSize: 4, incomeBand: 'below_80' }],
    ['We own the house; income is above 150% and we use propane', { tenure: 'owner', incomeBand: 'above_150', heatingFuel: 'propane' }],
    ['Nothing useful here', {}],
  ])('%s', (text, household) => {
    expect(householdFromText(text)).toEqual(household);
  });
});

describe('CSV', () => {
  it('keeps quoted commas, doubled quotes and line breaks, and the line each record starts on', () => {
    const records = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,1');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'z'] },
      { line: 6, fields: ['last', '1'] },
    ]);
  });
});
