/** What a Green Button file holds, once read: meters (UsagePoints) with their readings in real units. */

export type Commodity = 'electricity' | 'natural_gas' | 'water';
/** Units readings are reported in: electricity in kWh, gas in therms or m³, water in US gallons. */
export type MeterUnit = 'kWh' | 'therms' | 'm³' | 'gallons';
/** ESPI flowDirection: 1 = delivered to the customer, 19 = received from the customer (solar export). */
export type FlowDirection = 1 | 19;

export interface IntervalReading {
  /** Start, UTC epoch seconds. */
  start: number;
  /** Length in seconds (the end is exclusive). */
  duration: number;
  /** Quantity in the meter's unit. */
  value: number;
  flow: FlowDirection;
  /** Cost in the currency's units (dollars), when the file states one. */
  cost?: number;
  /** ESPI ReadingQuality code, or 8 for a CSV row the utility marked as estimated. */
  quality?: number;
}

/** The utility's own statement for a billing period: kept beside the intervals, never added to them. */
export interface UsageSummary {
  /** Billing period start, UTC epoch seconds. */
  start: number;
  duration: number;
  /** Bill amount for the period in the currency (ESPI hundred-thousandths already divided). */
  billLastPeriod?: number;
  /** Consumption over the period in the meter's unit. */
  consumption?: number;
}

export interface MeterData {
  /** The UsagePoint's href in the feed (stable between downloads), or the CSV's service name. */
  id: string;
  title?: string;
  commodity: Commodity;
  unit: MeterUnit;
  /** The most common reading length in seconds. */
  intervalSeconds: number;
  /** Sorted by start, then flow direction. */
  readings: IntervalReading[];
  summaries: UsageSummary[];
  /** The account number the file states (utility CSV preamble), if any. */
  accountNumber?: string;
  /** The service address the file states, if any. */
  address?: string;
}

export interface GreenButtonData {
  format: 'espi' | 'csv';
  meters: MeterData[];
}

/** A file that cannot be read as Green Button data; the message says why in the user's terms. */
export class GreenButtonError extends Error {
  override name = 'GreenButtonError';
}
