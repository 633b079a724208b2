/**
 * The smart-home simulator's rules (02-tools §4 'Device status and commands', §9 'Smart home',
 * 'Payments and IoT'): hour-of-day multipliers, device ranges and command semantics. Pure, so
 * the server's `direct` platform and the tests share one copy.
 */

export const DEVICE_TYPES = ['thermostat', 'light', 'energy_monitor', 'appliance', 'power_outlet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_COMMANDS = ['turnOn', 'turnOff', 'setTemperature', 'setBrightness', 'toggle'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

/** 02-tools §9: default thermostat 72 °F; presets; slider bounds (§5). */
export const DEFAULT_THERMOSTAT_F = 72;
export const THERMOSTAT_PRESETS = [
  { label: 'Eco', value: 68 },
  { label: 'Comfort', value: 72 },
  { label: 'Warm', value: 75 },
] as const;
export const LIGHT_PRESETS = [25, 75, 100] as const;
export const THERMOSTAT_BOUNDS = { min: 60, max: 85, step: 1 } as const;
export const LIGHT_BOUNDS = { min: 0, max: 100, step: 5 } as const;

/** $0.12 per kWh; 1.2 lbs CO₂ per kWh (02-tools §9). */
export const ELECTRICITY_RATE_PER_KWH = 0.12;
export const CARBON_LBS_PER_KWH = 1.2;

/** Unit of each device type's reading. */
export const DEVICE_UNITS: Record<DeviceType, string> = {
  thermostat: '°F',
  light: '%',
  energy_monitor: 'kW',
  appliance: 'W',
  power_outlet: 'W',
};

/** 02-tools §9: 1.4 for hours 6–8, 1.6 for 18–21, 0.6 for 22–5, else 0.8. */
export function hourMultiplier(hour: number): number {
  if (hour >= 6 && hour <= 8) return 1.4;
  if (hour >= 18 && hour <= 21) return 1.6;
  if (hour >= 22 || hour <= 5) return 0.6;
  return 0.8;
}

/**
 * The range a simulated power reading stays in, in the device's unit (02-tools §9 'Payments and
 * IoT': smart plug and appliance 50–250 W, whole home 2000–5000 W, shown in kW here).
 */
export const SIMULATED_POWER_RANGES: Partial<Record<DeviceType, { min: number; max: number }>> = {
  energy_monitor: { min: 2, max: 5 },
  appliance: { min: 50, max: 250 },
  power_outlet: { min: 50, max: 250 },
};

/** A number in [0, 1) from a string, the same every time (FNV-1a): the simulator's variation. */
export function stableFraction(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

/**
 * The simulated reading of a powered device at `hourOfDay`: inside its range, higher at the
 * busy hours in proportion to the multiplier (the peak multiplier 1.6 reaches the top), with a
 * small variation per device and 10-second slot. A device that is off (reading 0) stays off;
 * thermostats and lights keep the value their commands set.
 */
export function simulatedReading(input: { type: DeviceType; current: number; deviceId: string; hourOfDay: number; slot: number }): number {
  const range = SIMULATED_POWER_RANGES[input.type];
  if (!range || input.current <= 0) return input.current;
  const variation = 0.8 + 0.2 * stableFraction(`${input.deviceId}:${input.slot}`);
  const fraction = (hourMultiplier(input.hourOfDay) / 1.6) * variation;
  const value = range.min + (range.max - range.min) * fraction;
  return input.type === 'energy_monitor' ? Math.round(value * 100) / 100 : Math.round(value);
}

/** The first reading of a newly discovered simulated device. */
export function initialReading(type: DeviceType, deviceId: string, hourOfDay: number): number {
  switch (type) {
    case 'thermostat':
      return DEFAULT_THERMOSTAT_F;
    case 'light':
      return 75;
    case 'energy_monitor':
    case 'appliance':
    case 'power_outlet':
      return simulatedReading({ type, current: 1, deviceId, hourOfDay, slot: 0 });
  }
}

/** 02-tools §4: power is on when the reading is above 0. */
export const isPoweredOn = (reading: number) => reading > 0;

export class CommandError extends Error {}

/**
 * 02-tools §4: turnOn (light to 100, others reading plus 0.5), turnOff (to 0), setTemperature
 * and setBrightness (numeric value, within the slider bounds), toggle (off when on, else turnOn).
 */
export function applyCommand(type: DeviceType, current: number, command: DeviceCommand, value?: number | null): number {
  switch (command) {
    case 'turnOn':
      return type === 'light' ? 100 : current + 0.5;
    case 'turnOff':
      return 0;
    case 'toggle':
      return isPoweredOn(current) ? 0 : applyCommand(type, current, 'turnOn');
    case 'setTemperature':
      if (type !== 'thermostat') throw new CommandError('setTemperature applies to thermostats only');
      return checkedValue(value, THERMOSTAT_BOUNDS);
    case 'setBrightness':
      if (type !== 'light') throw new CommandError('setBrightness applies to lights only');
      return checkedValue(value, LIGHT_BOUNDS);
  }
}

function checkedValue(value: number | null | undefined, bounds: { min: number; max: number }): number {
  if (value === null || value === undefined || !Number.isFinite(value)) throw new CommandError('A numeric value is required');
  if (value < bounds.min || value > bounds.max) throw new CommandError(`The value must be between ${bounds.min} and ${bounds.max}`);
  return value;
}

/** 02-tools §9: efficiency score is 85 minus 10 per kW above 2, clamped to 0–100. */
export function efficiencyScore(currentKw: number): number {
  return Math.max(0, Math.min(100, Math.round(85 - 10 * Math.max(0, currentKw - 2))));
}

/** 'Efficient' under 2.5 kW, else 'High Usage'. */
export const usageLabel = (currentKw: number): 'Efficient' | 'High Usage' => (currentKw < 2.5 ? 'Efficient' : 'High Usage');

/** Score colour: 80 and above green, 60 and above yellow, else red. */
export const scoreTone = (score: number): 'green' | 'yellow' | 'red' => (score >= 80 ? 'green' : score >= 60 ? 'yellow' : 'red');

/** A device's present draw in kW from its reading (thermostats and lights report no power). */
export function powerKw(type: DeviceType, reading: number): number {
  switch (type) {
    case 'energy_monitor':
      return reading;
    case 'appliance':
    case 'power_outlet':
      return reading / 1000;
    case 'thermostat':
    case 'light':
      return 0;
  }
}

export type HouseholdEstimate = {
  currentKw: number;
  dailyKwh: number;
  monthlyKwh: number;
  monthlyCost: number;
  carbonLbsPerMonth: number;
  efficiencyScore: number;
  usageLabel: 'Efficient' | 'High Usage';
  /** kW for each hour of the day, the present draw scaled by the hour-of-day multipliers. */
  hourly: { hour: number; kw: number }[];
  peakHour: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The overview and analytics figures from the devices' present draw: the draw at this hour
 * scaled to every hour by the multipliers gives the day's profile and daily usage; monthly is
 * daily × 30 at $0.12/kWh; carbon 1.2 lbs per kWh (02-tools §9).
 */
export function householdEstimate(devices: readonly { type: DeviceType; reading: number }[], hourOfDay: number): HouseholdEstimate {
  const currentKw = round2(devices.reduce((sum, d) => sum + powerKw(d.type, d.reading), 0));
  const base = currentKw / hourMultiplier(hourOfDay);
  const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, kw: round2(base * hourMultiplier(hour)) }));
  const dailyKwh = round2(hourly.reduce((sum, h) => sum + h.kw, 0));
  const monthlyKwh = round2(dailyKwh * 30);
  const peak = hourly.reduce((best, h) => (h.kw > best.kw ? h : best), hourly[0] ?? { hour: 0, kw: 0 });
  return {
    currentKw,
    dailyKwh,
    monthlyKwh,
    monthlyCost: round2(monthlyKwh * ELECTRICITY_RATE_PER_KWH),
    carbonLbsPerMonth: round2(monthlyKwh * CARBON_LBS_PER_KWH),
    efficiencyScore: efficiencyScore(currentKw),
    usageLabel: usageLabel(currentKw),
    hourly,
    peakHour: peak.hour,
  };
}
