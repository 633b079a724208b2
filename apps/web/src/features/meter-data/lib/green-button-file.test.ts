import { describe, expect, it } from 'vitest';
import { formatHour, isGreenButtonFile } from './green-button-file.ts';

describe('Green Button files on the upload page', () => {
  it('routes XML and CSV to meter data, bills elsewhere', () => {
    expect(isGreenButtonFile({ name: 'pge_electric_usage_interval_data.CSV' })).toBe(true);
    expect(isGreenButtonFile({ name: 'Download My Data.xml' })).toBe(true);
    expect(isGreenButtonFile({ name: 'bill.pdf' })).toBe(false);
    expect(isGreenButtonFile({ name: 'bill.xml.jpg' })).toBe(false);
  });

  it('names hours', () => {
    expect([0, 9, 12, 16, 23].map(formatHour)).toEqual(['12 am', '9 am', '12 pm', '4 pm', '11 pm']);
  });
});
