/** Calendar (.ics, RFC 5545) for one appointment, with its start as a UTC instant. */

/** The UTC instant of a wall-clock time in a time zone (two passes settle DST edges). */
export function zonedTimeToUtc(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(new Date(guess))
        .map((p) => [p.type, p.value]),
    );
    const seen = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    guess += wall - seen;
  }
  return new Date(guess);
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const escape = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * An iTIP invitation (RFC 5546): REQUEST when booked, CANCEL (same UID, a higher SEQUENCE,
 * STATUS:CANCELLED) when cancelled, so calendars that added the event remove it.
 */
export function appointmentIcs(input: {
  id: string;
  day: string;
  time: string;
  timeZone: string;
  minutes: number;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  method: 'REQUEST' | 'CANCEL';
  now?: Date;
}): string {
  const start = zonedTimeToUtc(input.day, input.time, input.timeZone);
  const end = new Date(start.getTime() + input.minutes * 60_000);
  const cancel = input.method === 'CANCEL';
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Wattwise//Consultations//EN',
    `METHOD:${input.method}`,
    'BEGIN:VEVENT',
    `UID:${input.id}@wattwise`,
    `SEQUENCE:${cancel ? 1 : 0}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTAMP:${stamp(input.now ?? new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escape(input.summary)}`,
    `DESCRIPTION:${escape(input.description)}`,
    `ORGANIZER;CN=${escape(input.organizer.name)}:mailto:${input.organizer.email}`,
    `ATTENDEE;CN=${escape(input.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${input.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
