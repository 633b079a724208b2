import { z } from 'zod';

/** The meter-data API contract (Green Button, issue 29): `/api/meter-data` and `/api/meters`. */

export const METER_COMMODITIES = ['electricity', 'natural_gas', 'water'] as const;
export const METER_UNITS = ['kWh', 'therms', 'm³', 'gallons'] as const;

export const meterSchema = z
  .object({
    id: z.string(),
    propertyId: z.string(),
    title: z.string().nullable(),
    commodity: z.enum(METER_COMMODITIES),
    unit: z.enum(METER_UNITS),
    intervalSeconds: z.number(),
    accountNumber: z.string().nullable(),
    timeZone: z.string().meta({ description: 'IANA zone of the service address; readings are stored in UTC and shown in it' }),
    readings: z.number(),
    first: z.string().nullable().meta({ description: 'Start of the first reading (ISO, UTC); null without readings' }),
    last: z.string().nullable().meta({ description: 'End of the last reading (ISO, UTC)' }),
  })
  .meta({ id: 'Meter' });
export type Meter = z.infer<typeof meterSchema>;

export const meterListSchema = z.object({ meters: z.array(meterSchema) }).meta({ id: 'MeterList' });

export const meterImportSchema = z
  .object({
    fileId: z.string(),
    fileName: z.string(),
    format: z.enum(['espi', 'csv']),
    meters: z.array(
      meterSchema.extend({
        readingsInFile: z.number(),
        readingsAdded: z.number().meta({ description: 'New rows: a reading already imported (same meter, start, direction) adds none' }),
        delivered: z.number().meta({ description: 'Σ delivered (flowDirection 1) in the file, in the unit' }),
        received: z.number().meta({ description: 'Σ received from the customer (flowDirection 19, solar export) in the file' }),
      }),
    ),
  })
  .meta({ id: 'MeterImport' });
export type MeterImport = z.infer<typeof meterImportSchema>;

export const meterResolutionSchema = z.enum(['hour', 'day']);
export type MeterResolution = z.infer<typeof meterResolutionSchema>;

export const meterSeriesQuerySchema = z.object({
  resolution: meterResolutionSchema.default('day'),
  from: z.iso.datetime().optional().meta({ description: 'ISO instant; default the first reading' }),
  to: z.iso.datetime().optional().meta({ description: 'ISO instant (exclusive); default the end of the last reading' }),
});

export const meterSeriesSchema = z
  .object({
    meterId: z.string(),
    unit: z.enum(METER_UNITS),
    timeZone: z.string(),
    resolution: meterResolutionSchema,
    points: z.array(
      z.object({
        start: z.string().meta({ description: 'Start of the hour or local day (ISO, UTC)' }),
        label: z.string().meta({ description: 'The hour or day in the meter\'s zone: "2024-07-01 18:00" or "2024-07-01"' }),
        delivered: z.number(),
        received: z.number(),
        readings: z.number(),
      }),
    ),
  })
  .meta({ id: 'MeterSeries' });
export type MeterSeries = z.infer<typeof meterSeriesSchema>;

export const loadProfileSchema = z
  .object({
    meterId: z.string(),
    unit: z.enum(METER_UNITS),
    days: z.number().meta({ description: 'Local days with a complete set of hourly figures' }),
    baseLoad: z
      .number()
      .nullable()
      .meta({ description: 'Night-time minimum (00:00–05:00 local) as an average rate per hour, median over the days (kW for electricity); null without night readings' }),
    dailyShape: z.array(z.number().nullable()).length(24).meta({ description: 'Average usage per local hour of day; null for an hour with no readings' }),
    weekdayShape: z.array(z.number().nullable()).length(24),
    weekendShape: z.array(z.number().nullable()).length(24),
    topHours: z.array(z.object({ start: z.string(), label: z.string(), value: z.number() })).meta({ description: 'The 10 hours of highest usage' }),
  })
  .meta({ id: 'LoadProfile' });
export type LoadProfile = z.infer<typeof loadProfileSchema>;

export const touScheduleSchema = z
  .object({
    peakStartHour: z.number().int().min(0).max(23),
    peakEndHour: z.number().int().min(1).max(24).meta({ description: 'Exclusive' }),
    peakDays: z.enum(['weekdays', 'every_day']).default('weekdays'),
    peakPrice: z.number().min(0).max(10).meta({ description: '$/kWh' }),
    offPeakPrice: z.number().min(0).max(10),
    currentRate: z.number().min(0).max(10).optional().meta({ description: '$/kWh; default: the rate of this property\'s electricity bills' }),
  })
  .refine((s) => s.peakEndHour > s.peakStartHour, { message: 'The peak must end after it starts', path: ['peakEndHour'] })
  .meta({ id: 'TouSchedule' });
export type TouScheduleInput = z.input<typeof touScheduleSchema>;

export const touWhatIfSchema = z
  .object({
    meterId: z.string(),
    from: z.string(),
    to: z.string(),
    usage: z.number().meta({ description: 'Net kWh over the readings priced' }),
    peakUsage: z.number(),
    currentRate: z.number().nullable(),
    currentRateSource: z.enum(['bills', 'entered']).nullable(),
    currentCost: z.number().nullable().meta({ description: 'null when no rate is known from the bills and none was entered' }),
    touCost: z.number(),
    difference: z.number().nullable().meta({ description: 'touCost − currentCost: negative means the TOU plan would have cost less' }),
  })
  .meta({ id: 'TouWhatIf' });
export type TouWhatIf = z.infer<typeof touWhatIfSchema>;

/** The bill check: what the meter recorded over a bill's service period, beside the billed usage. */
export const meterCheckSchema = z
  .object({
    meterId: z.string(),
    unit: z.enum(METER_UNITS),
    billed: z.number(),
    metered: z.number().meta({ description: 'Net of the readings over the bill\'s service period (delivered − received)' }),
    received: z.number(),
    readings: z.number(),
    tolerance: z.number().meta({ description: 'Rounding of the bill\'s figure and of the meter\'s readings over the period' }),
    message: z.string(),
    finding: z.string().nullable().meta({ description: 'Only when billed and metered differ beyond the rounding, and the bill\'s usage and period were read surely (confidence ≥ 0.8) or corrected' }),
  })
  .meta({ id: 'MeterCheck' });
export type MeterCheck = z.infer<typeof meterCheckSchema>;
