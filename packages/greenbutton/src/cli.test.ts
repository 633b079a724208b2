import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const fixtures = join(import.meta.dirname, '..', 'test-fixtures');

describe('npm run -s greenbutton -- FILE…', () => {
  it('prints one JSON line per file: meters with totals per flow direction, or the reason it was refused', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'cli.ts'), '--time-zone=America/Los_Angeles', join(fixtures, 'energyos-sdge-3usagepoints-nem-15min.xml'), join(fixtures, 'pge-gas-daily-2024.csv'), join(fixtures, 'malformed-gas-no-readingtype.xml')],
      { encoding: 'utf8' },
    );
    const lines = out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      file: join(fixtures, 'energyos-sdge-3usagepoints-nem-15min.xml'),
      usagePoints: [
        { commodity: 'electricity', unit: 'kWh', intervalSeconds: 900, readings: 192, first: '2011-06-06T07:00:00.000Z', last: '2011-06-07T07:00:00.000Z', delivered: 14.635, received: 30.195 },
        { commodity: 'electricity', unit: 'kWh', intervalSeconds: 900, readings: 96, first: '2011-06-06T07:00:00.000Z', last: '2011-06-07T07:00:00.000Z', delivered: 166.73, received: 0 },
        { commodity: 'electricity', unit: 'kWh', intervalSeconds: 900, readings: 96, first: '2011-06-06T07:00:00.000Z', last: '2011-06-07T07:00:00.000Z', delivered: 0, received: 0 },
      ],
    });
    // Pacific wall-clock midnight 2024-02-01 is 08:00 UTC; the last day ends at midnight 2025-02-01 local.
    expect(lines[1]).toMatchObject({ usagePoints: [{ commodity: 'natural_gas', unit: 'therms', intervalSeconds: 86400, readings: 366, first: '2024-02-01T08:00:00.000Z', last: '2025-02-01T08:00:00.000Z', delivered: 328.66, received: 0 }] });
    expect(lines[2]).toMatchObject({ error: expect.stringMatching(/states no unit/) as unknown });
  });
});
