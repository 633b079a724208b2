/**
 * The IoT page's arithmetic (02-tools §9 'Payments and IoT'): it keeps the latest 50 readings,
 * charts the latest 20, assumes 5 seconds per reading and $0.12 per kWh. Energy is average
 * power × count × 5/3600 hours ÷ 1000; kWh rounded to 3 decimals, cost to 2, power to 0.
 */

export const IOT_DEVICE_TYPES = ['thermostat', 'smart_plug', 'whole_home_monitor', 'solar_inverter', 'light', 'appliance'] as const;
export type IotDeviceType = (typeof IOT_DEVICE_TYPES)[number];
export const IOT_DEVICE_LABELS: Record<IotDeviceType, string> = {
  thermostat: 'Smart Thermostat',
  smart_plug: 'Smart Plug',
  whole_home_monitor: 'Whole Home Monitor',
  solar_inverter: 'Solar Inverter',
  light: 'Smart Light',
  appliance: 'Appliance',
};
export const READING_TYPES = ['temperature_f', 'power_watts', 'power_generation_watts'] as const;
export type ReadingType = (typeof READING_TYPES)[number];

export const IOT_KEEP = 50;
export const IOT_CHART = 20;
export const IOT_SECONDS_PER_READING = 5;
export const IOT_RATE_PER_KWH = 0.12;

/** Half away from zero at `digits` decimals, without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const shifted = Math.abs(value) * factor;
  const rounded = Math.round(Number((shifted + Number.EPSILON * shifted).toPrecision(15)));
  return (Math.sign(value) * rounded) / factor;
}

/** 02-tools §9: the range of each type's simulated reading and what it measures. */
export const IOT_RANGES: Record<IotDeviceType, { min: number; max: number; readingType: ReadingType; unit: string }> = {
  thermostat: { min: 68, max: 76, readingType: 'temperature_f', unit: '°F' },
  smart_plug: { min: 50, max: 250, readingType: 'power_watts', unit: 'W' },
  appliance: { min: 50, max: 250, readingType: 'power_watts', unit: 'W' },
  whole_home_monitor: { min: 2000, max: 5000, readingType: 'power_watts', unit: 'W' },
  solar_inverter: { min: 1000, max: 5000, readingType: 'power_generation_watts', unit: 'W' },
  light: { min: 10, max: 50, readingType: 'power_watts', unit: 'W' },
};
/** Types outside the list read 0 to 100 W. */
export const OTHER_RANGE = { min: 0, max: 100, readingType: 'power_watts' as ReadingType, unit: 'W' };

export function rangeOf(type: string) {
  return (IOT_RANGES as Record<string, (typeof IOT_RANGES)[IotDeviceType] | undefined>)[type] ?? OTHER_RANGE;
}

/** A reading in the type's range from a fraction in [0, 1) (the simulator passes its variation). */
export function iotReading(type: string, fraction: number): { value: number; readingType: ReadingType; unit: string } {
  const range = rangeOf(type);
  const value = range.min + (range.max - range.min) * Math.min(Math.max(fraction, 0), 1);
  return { value: roundTo(value, range.readingType === 'temperature_f' ? 1 : 0), readingType: range.readingType, unit: range.unit };
}

export type IotStats = { currentPowerW: number; averagePowerW: number; energyKwh: number; costDollars: number; readings: number };

/**
 * The four stat cards from readings newest first: current power (the newest power reading),
 * average power, energy and cost over the latest 50 readings' power values (temperatures carry
 * no power).
 */
export function iotStats(readingsNewestFirst: readonly { value: number; readingType: string }[]): IotStats {
  const kept = readingsNewestFirst.slice(0, IOT_KEEP).filter((r) => r.readingType !== 'temperature_f');
  if (kept.length === 0) return { currentPowerW: 0, averagePowerW: 0, energyKwh: 0, costDollars: 0, readings: 0 };
  const average = kept.reduce((sum, r) => sum + r.value, 0) / kept.length;
  const energyKwh = (average * kept.length * (IOT_SECONDS_PER_READING / 3600)) / 1000;
  return {
    currentPowerW: roundTo(kept[0]?.value ?? 0, 0),
    averagePowerW: roundTo(average, 0),
    energyKwh: roundTo(energyKwh, 3),
    costDollars: roundTo(energyKwh * IOT_RATE_PER_KWH, 2),
    readings: kept.length,
  };
}
