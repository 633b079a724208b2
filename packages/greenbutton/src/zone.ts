/** Wall-clock time in an IANA zone ↔ UTC, DST-aware, with the JavaScript runtime's time-zone data. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The zone's wall-clock time at a UTC instant, as milliseconds "as if UTC". */
export function wallClockMs(zone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** Offset of the zone from UTC at a UTC instant, in milliseconds. */
export function zoneOffsetMs(zone: string, utcMs: number): number {
  return wallClockMs(zone, Math.floor(utcMs / 1000) * 1000) - Math.floor(utcMs / 1000) * 1000;
}

const HALF_DAY = 12 * 3600_000;

/**
 * The UTC instant of a wall-clock time in a zone. A time that occurs twice (the fall-back hour)
 * is its first occurrence; a time that does not exist (the spring-forward hour) is read with the
 * offset before the change, so it lands on the instant the clocks jumped.
 */
export function zonedToUtcMs(zone: string, wallMs: number): number {
  const before = zoneOffsetMs(zone, wallMs - HALF_DAY);
  const after = zoneOffsetMs(zone, wallMs + HALF_DAY);
  const candidates = [wallMs - before, wallMs - after].filter((utc) => wallClockMs(zone, utc) === wallMs);
  if (candidates.length > 0) return Math.min(...candidates);
  return wallMs - before;
}

/** Whether a string names a zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}
