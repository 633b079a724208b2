/**
 * Whether a chosen file is Green Button meter data rather than a bill: the ESPI XML or the
 * utility CSV of "Download My Data". Bills are PDFs and photos, so the extension decides.
 */
export function isGreenButtonFile(file: { name: string }): boolean {
  return /\.(xml|csv)$/i.test(file.name);
}

/** TOU schedules to start from (the user can change every figure). */
export const TOU_PRESETS = [
  { id: 'evening', label: 'Evening peak: 4–9 pm weekdays', schedule: { peakStartHour: 16, peakEndHour: 21, peakDays: 'weekdays' as const, peakPrice: 0.45, offPeakPrice: 0.3 } },
  { id: 'afternoon', label: 'Afternoon peak: 2–7 pm weekdays', schedule: { peakStartHour: 14, peakEndHour: 19, peakDays: 'weekdays' as const, peakPrice: 0.28, offPeakPrice: 0.1 } },
  { id: 'every-day', label: 'Every day 5–8 pm', schedule: { peakStartHour: 17, peakEndHour: 20, peakDays: 'every_day' as const, peakPrice: 0.4, offPeakPrice: 0.2 } },
];

export function formatHour(hour: number): string {
  const h = hour % 24;
  return `${h === 0 ? 12 : h > 12 ? h - 12 : h} ${h < 12 ? 'am' : 'pm'}`;
}
