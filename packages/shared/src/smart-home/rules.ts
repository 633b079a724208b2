/**
 * Automation rules (02-tools §3, §4): a time trigger ('HH:MM' in the rule's time zone) fires
 * once at each occurrence after the rule was armed; a sensor trigger (above / below / equals a
 * number) fires when its condition becomes true, not again until it has been false. Pure:
 * the scheduled job passes the clock's time in.
 */

export const TRIGGER_TYPES = ['time', 'sensor'] as const;
export const SENSOR_CONDITIONS = ['above', 'below', 'equals'] as const;
export type SensorCondition = (typeof SENSOR_CONDITIONS)[number];

/** 'HH:MM' (24-hour). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How close a reading must be to count as 'equals' (readings are shown to one decimal). */
export const EQUALS_TOLERANCE = 0.05;

export function sensorConditionMet(condition: SensorCondition, reading: number, threshold: number): boolean {
  switch (condition) {
    case 'above':
      return reading > threshold;
    case 'below':
      return reading < threshold;
    case 'equals':
      return Math.abs(reading - threshold) < EQUALS_TOLERANCE;
  }
}

/** The wall-clock parts of an instant in a time zone. */
function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The hour of day (0–23) of an instant in a time zone. */
export function hourIn(instant: Date, timeZone: string): number {
  return zonedParts(instant, timeZone).hour;
}

/**
 * The latest instant at or before `now` whose wall-clock time in `timeZone` is `time` ('HH:MM').
 * Found from the zone's offset at `now` (a daylight-saving change within the day may shift an
 * occurrence by the change, never skip or double one within a day).
 */
export function latestOccurrence(time: string, timeZone: string, now: Date): Date {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const p = zonedParts(now, timeZone);
  const wallNowAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offsetMs = wallNowAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  let candidate = Date.UTC(p.year, p.month - 1, p.day, hh, mm, 0) - offsetMs;
  if (candidate > now.getTime()) candidate -= 24 * 60 * 60 * 1000;
  return new Date(candidate);
}

export type RuleState = {
  trigger: { type: 'time'; value: string } | { type: 'sensor'; value: number; condition: SensorCondition };
  timeZone: string;
  enabled: boolean;
  /** When the rule was created or last edited: a time trigger fires only for occurrences after it. */
  armedAt: Date;
  lastRunAt: Date | null;
  /** For sensor triggers: whether the condition held at the previous evaluation. */
  conditionWasMet: boolean;
};

/** Whether the rule fires now and, for sensor triggers, the condition to remember. */
export function evaluateRule(rule: RuleState, now: Date, sensorReading: number | null): { fire: boolean; conditionMet: boolean } {
  if (rule.trigger.type === 'time') {
    const occurrence = latestOccurrence(rule.trigger.value, rule.timeZone, now).getTime();
    const since = Math.max(rule.armedAt.getTime(), rule.lastRunAt?.getTime() ?? 0);
    return { fire: rule.enabled && occurrence > since, conditionMet: false };
  }
  if (sensorReading === null) return { fire: false, conditionMet: rule.conditionWasMet };
  const met = sensorConditionMet(rule.trigger.condition, sensorReading, rule.trigger.value);
  return { fire: rule.enabled && met && !rule.conditionWasMet, conditionMet: met };
}
