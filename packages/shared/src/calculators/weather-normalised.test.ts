import { describe, expect, it } from 'vitest';
import { compareWithWeather, findLastYearBill, periodDegreeDays, type WeatherBill } from './weather-normalised.ts';

/** Monthly gas bills of a Georgia home that uses exactly 1 therm a day plus 0.1 therm per heating degree day. */
function history(): WeatherBill[] {
  const bills: WeatherBill[] = [];
  for (let i = 0; i < 13; i++) {
    const start = new Date(Date.UTC(2024, 10 + i, 1));
    const end = new Date(Date.UTC(2024, 11 + i, 1));
    const s = start.toISOString().slice(0, 10);
    const e = end.toISOString().slice(0, 10);
    const dd = periodDegreeDays('GA', s, e);
    const days = (end.getTime() - start.getTime()) / 86_400_000;
    const usage = days + 0.1 * (dd?.hdd ?? 0);
    bills.push({ id: `b${i}`, servicePeriodStart: s, servicePeriodEnd: e, usage, costCents: Math.round(usage * 150) });
  }
  return bills;
}

describe('weather-normalised comparison', () => {
  it('sums normal degree days over a period, month by month', () => {
    // Georgia's January normal is 662 HDD: all of January gives it back.
    expect(periodDegreeDays('GA', '2025-01-01', '2025-02-01')?.hdd).toBeCloseTo(662, 6);
    expect(periodDegreeDays('HI', '2025-01-01', '2025-02-01')).toBeNull();
  });

  it('puts the whole change on the weather when the household behaves the same', () => {
    const bills = history();
    // This December runs 5 days longer than last December (a later meter read): more days, more cold.
    const last = bills[1] as WeatherBill; // Dec 2024
    const bill: WeatherBill = { id: 'now', servicePeriodStart: '2025-12-01', servicePeriodEnd: '2026-01-06', usage: 0, costCents: null };
    const dd = periodDegreeDays('GA', bill.servicePeriodStart, bill.servicePeriodEnd);
    bill.usage = 36 + 0.1 * (dd?.hdd ?? 0);
    bill.costCents = Math.round(bill.usage * 150);
    const r = compareWithWeather('GA', bill, bills, 'heating', 'therms');
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(r.lastYearBillId).toBe(last.id);
    expect(r.usage.household).toBeCloseTo(0, 1);
    expect(r.usage.weather).toBeCloseTo(bill.usage - last.usage, 1);
    expect(r.cost?.price).toBe(0);
  });

  it('puts a household’s extra use on the household and a price rise on the price', () => {
    const bills = history();
    const dd = periodDegreeDays('GA', '2025-12-01', '2026-01-01');
    const usage = 31 + 0.1 * (dd?.hdd ?? 0) + 20; // 20 therms of new habit
    const bill: WeatherBill = { id: 'now', servicePeriodStart: '2025-12-01', servicePeriodEnd: '2026-01-01', usage, costCents: Math.round(usage * 180) };
    const r = compareWithWeather('GA', bill, bills, 'heating', 'therms');
    if (r.status !== 'ok') throw new Error(r.message);
    expect(r.usage.household).toBeCloseTo(20, 1);
    expect(r.usage.weather).toBeCloseTo(0, 1);
    expect(r.cost?.household).toBe(3000); // 20 therms at last year's $1.50
    expect(r.cost && r.cost.weather + r.cost.household + r.cost.price).toBe(r.cost?.change);
    expect(r.message).toContain('your household for 20 therms more');
  });

  it('says so where a state has no normals, or last year’s bill is missing', () => {
    const bills = history();
    const bill = bills[12] as WeatherBill;
    expect(compareWithWeather('AK', bill, bills, 'heating', 'therms').status).toBe('no_normals');
    expect(compareWithWeather(null, bill, bills, 'heating', 'therms').status).toBe('no_normals');
    expect(compareWithWeather('GA', bills[3] as WeatherBill, bills, 'heating', 'therms').status).toBe('no_last_year');
    expect(findLastYearBill(bill, bills)?.id).toBe('b0');
  });

  it('needs enough earlier bills to learn the household’s sensitivity', () => {
    const bills = history();
    const few = [bills[0], bills[1], bills[12]] as WeatherBill[];
    expect(compareWithWeather('GA', bills[12] as WeatherBill, few, 'heating', 'therms').status).toBe('insufficient_history');
  });
});
