import { describe, expect, it } from 'vitest';
import { iotReading, iotStats, roundTo } from './iot.ts';
import { evaluateRule, latestOccurrence, type RuleState, sensorConditionMet } from './rules.ts';
import { applyCommand, CommandError, efficiencyScore, hourMultiplier, householdEstimate, simulatedReading } from './simulation.ts';

describe('simulator', () => {
  it('uses the spec hour-of-day multipliers', () => {
    expect([0, 5, 6, 8, 9, 17, 18, 21, 22, 23].map(hourMultiplier)).toEqual([0.6, 0.6, 1.4, 1.4, 0.8, 0.8, 1.6, 1.6, 0.6, 0.6]);
  });

  it('keeps powered readings inside their ranges and higher at the evening peak than at night', () => {
    for (let slot = 0; slot < 50; slot += 1) {
      const night = simulatedReading({ type: 'appliance', current: 100, deviceId: 'a', hourOfDay: 3, slot });
      const peak = simulatedReading({ type: 'appliance', current: 100, deviceId: 'a', hourOfDay: 19, slot });
      expect(night).toBeGreaterThanOrEqual(50);
      expect(peak).toBeLessThanOrEqual(250);
      expect(peak).toBeGreaterThan(night);
      const home = simulatedReading({ type: 'energy_monitor', current: 3, deviceId: 'h', hourOfDay: 7, slot });
      expect(home).toBeGreaterThanOrEqual(2);
      expect(home).toBeLessThanOrEqual(5);
    }
    expect(simulatedReading({ type: 'appliance', current: 0, deviceId: 'a', hourOfDay: 19, slot: 1 })).toBe(0);
    expect(simulatedReading({ type: 'thermostat', current: 70, deviceId: 't', hourOfDay: 19, slot: 1 })).toBe(70);
  });

  it('applies commands with the spec semantics', () => {
    expect(applyCommand('light', 30, 'turnOn')).toBe(100);
    expect(applyCommand('appliance', 120, 'turnOn')).toBe(120.5);
    expect(applyCommand('thermostat', 72, 'turnOff')).toBe(0);
    expect(applyCommand('light', 40, 'toggle')).toBe(0);
    expect(applyCommand('light', 0, 'toggle')).toBe(100);
    expect(applyCommand('power_outlet', 0, 'toggle')).toBe(0.5);
    expect(applyCommand('thermostat', 72, 'setTemperature', 68)).toBe(68);
    expect(applyCommand('light', 75, 'setBrightness', 25)).toBe(25);
    expect(() => applyCommand('thermostat', 72, 'setTemperature', 90)).toThrow(CommandError);
    expect(() => applyCommand('light', 72, 'setBrightness', null)).toThrow(CommandError);
    expect(() => applyCommand('appliance', 72, 'setBrightness', 50)).toThrow(CommandError);
  });

  it('scores efficiency as 85 minus 10 per kW above 2, clamped', () => {
    expect(efficiencyScore(1)).toBe(85);
    expect(efficiencyScore(3.5)).toBe(70);
    expect(efficiencyScore(20)).toBe(0);
  });
});

describe('automation rules', () => {
  const base = { timeZone: 'America/New_York', enabled: true, lastRunAt: null, conditionWasMet: false } as const;

  it('finds the latest occurrence of a wall-clock time in a zone', () => {
    // 12:30 UTC is 07:30 in New York in November (UTC−5).
    const now = new Date('2026-11-23T12:30:00Z');
    expect(latestOccurrence('07:00', 'America/New_York', now).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(latestOccurrence('08:00', 'America/New_York', now).toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });

  it('fires a time rule once for an occurrence after it was armed', () => {
    const rule: RuleState = { ...base, trigger: { type: 'time', value: '07:00' }, armedAt: new Date('2026-11-23T11:00:00Z') };
    expect(evaluateRule(rule, new Date('2026-11-23T11:59:00Z'), null).fire).toBe(false);
    expect(evaluateRule(rule, new Date('2026-11-23T12:00:30Z'), null).fire).toBe(true);
    const ran = { ...rule, lastRunAt: new Date('2026-11-23T12:00:30Z') };
    expect(evaluateRule(ran, new Date('2026-11-23T12:05:00Z'), null).fire).toBe(false);
    expect(evaluateRule(ran, new Date('2026-11-24T12:00:10Z'), null).fire).toBe(true);
    // Armed after today's 07:00: waits for tomorrow's.
    const late = { ...rule, armedAt: new Date('2026-11-23T12:10:00Z') };
    expect(evaluateRule(late, new Date('2026-11-23T12:20:00Z'), null).fire).toBe(false);
    expect(evaluateRule({ ...rule, enabled: false }, new Date('2026-11-23T12:00:30Z'), null).fire).toBe(false);
  });

  it('compares sensor readings above, below and equals', () => {
    expect(sensorConditionMet('above', 76, 75)).toBe(true);
    expect(sensorConditionMet('above', 75, 75)).toBe(false);
    expect(sensorConditionMet('below', 64, 65)).toBe(true);
    expect(sensorConditionMet('below', 65, 65)).toBe(false);
    expect(sensorConditionMet('equals', 72, 72)).toBe(true);
    expect(sensorConditionMet('equals', 72.2, 72)).toBe(false);
  });

  it('fires a sensor rule when its condition becomes true, not again while it stays true', () => {
    const rule: RuleState = { ...base, trigger: { type: 'sensor', value: 200, condition: 'above' }, armedAt: new Date(0) };
    const now = new Date();
    expect(evaluateRule(rule, now, 150)).toEqual({ fire: false, conditionMet: false });
    expect(evaluateRule(rule, now, 210)).toEqual({ fire: true, conditionMet: true });
    expect(evaluateRule({ ...rule, conditionWasMet: true }, now, 220)).toEqual({ fire: false, conditionMet: true });
    expect(evaluateRule({ ...rule, conditionWasMet: true }, now, 100)).toEqual({ fire: false, conditionMet: false });
    expect(evaluateRule(rule, now, null)).toEqual({ fire: false, conditionMet: false });
  });
});

describe('IoT arithmetic', () => {
  it('rounds half away from zero at the asked decimals', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(0.0005, 3)).toBe(0.001);
    expect(roundTo(2.5, 0)).toBe(3);
  });

  it('computes energy, cost and power the spec way', () => {
    // 12 readings averaging 1500 W: 1500 × 12 × 5/3600 ÷ 1000 = 0.025 kWh; × $0.12 = $0.003 → $0.00.
    const readings = Array.from({ length: 12 }, (_, i) => ({ value: i % 2 === 0 ? 1000 : 2000, readingType: 'power_watts' }));
    expect(iotStats(readings)).toEqual({ currentPowerW: 1000, averagePowerW: 1500, energyKwh: 0.025, costDollars: 0, readings: 12 });
    // The latest 50 readings, one a temperature (no power): 49 × 4,321.4 W × 5/3600 ÷ 1000 = 0.29408 → 0.294 kWh; × $0.12 = $0.0353 → $0.04.
    const many = [{ value: 70, readingType: 'temperature_f' }, ...Array.from({ length: 60 }, () => ({ value: 4321.4, readingType: 'power_watts' }))];
    expect(iotStats(many)).toEqual({ currentPowerW: 4321, averagePowerW: 4321, energyKwh: 0.294, costDollars: 0.04, readings: 49 });
    expect(iotStats([])).toEqual({ currentPowerW: 0, averagePowerW: 0, energyKwh: 0, costDollars: 0, readings: 0 });
  });

  it('keeps simulated IoT readings in the spec ranges', () => {
    expect(iotReading('thermostat', 0)).toEqual({ value: 68, readingType: 'temperature_f', unit: '°F' });
    expect(iotReading('whole_home_monitor', 0.999).value).toBeLessThanOrEqual(5000);
    expect(iotReading('solar_inverter', 0.5)).toEqual({ value: 3000, readingType: 'power_generation_watts', unit: 'W' });
    expect(iotReading('garage_door', 0.5).value).toBe(50);
  });
});

describe('household estimate', () => {
  it('scales the present draw over the day by the multipliers', () => {
    // 3 kW at 19:00 (×1.6): base 1.875 kW; the day's multipliers sum to 3×1.4 + 4×1.6 + 8×0.6 + 9×0.8 = 22.6 → 42.38 kWh.
    const estimate = householdEstimate([{ type: 'energy_monitor', reading: 3 }, { type: 'thermostat', reading: 72 }], 19);
    expect(estimate.currentKw).toBe(3);
    expect(estimate.hourly[19]?.kw).toBe(3);
    expect(estimate.hourly[3]?.kw).toBe(1.13);
    expect(estimate.dailyKwh).toBeCloseTo(42.38, 1);
    expect(estimate.monthlyCost).toBeCloseTo(estimate.monthlyKwh * 0.12, 2);
    expect(estimate.efficiencyScore).toBe(75);
    expect(estimate.usageLabel).toBe('High Usage');
    expect(estimate.peakHour).toBe(18);
  });
});
