/**
 * Average price of electricity by state, 2023, in cents per kWh.
 *
 * Source: U.S. EIA, Electric Power Annual, "Average revenue per kilowatthour (cents/kWh)",
 * data year 2023, released 2024-10-17 (Table 2.10, map form at
 * https://www.eia.gov/electricity/annual/secrev-map.php). Public domain. Copied from
 * the team's stored copy of that table.
 *
 * EIA's figure is average revenue per kWh (revenue / sales) and so includes taxes, fixed
 * charges and fuel adjustments; it is comparable to a bill's all-in cost per kWh, not to a
 * tariff's energy rate. Gaps in the stored copy: Wyoming, the U.S. total and Wisconsin's
 * all-sector figure are null (re-fill them from EIA before relying on them).
 */

export interface StateElectricityPrice {
  name: string;
  residential: number | null;
  commercial: number | null;
  industrial: number | null;
  allSectors: number | null;
}

export const EIA_PRICE_SOURCE =
  'U.S. EIA, Electric Power Annual 2023, average revenue per kWh by state (Table 2.10)';

export const EIA_ELECTRICITY_PRICES_2023: Readonly<Record<string, StateElectricityPrice>> = {
  AL: { name: 'Alabama', residential: 14.63, commercial: 13.16, industrial: 7.11, allSectors: 11.47 },
  AK: { name: 'Alaska', residential: 23.90, commercial: 20.87, industrial: 18.70, allSectors: 21.41 },
  AZ: { name: 'Arizona', residential: 14.02, commercial: 11.79, industrial: 8.11, allSectors: 12.19 },
  AR: { name: 'Arkansas', residential: 12.25, commercial: 10.34, industrial: 6.87, allSectors: 9.73 },
  CA: { name: 'California', residential: 29.51, commercial: 23.91, industrial: 18.64, allSectors: 24.87 },
  CO: { name: 'Colorado', residential: 14.30, commercial: 11.64, industrial: 8.50, allSectors: 11.76 },
  CT: { name: 'Connecticut', residential: 29.88, commercial: 19.99, industrial: 15.69, allSectors: 24.24 },
  DE: { name: 'Delaware', residential: 15.73, commercial: 11.83, industrial: 7.85, allSectors: 12.85 },
  DC: { name: 'District of Columbia', residential: 16.45, commercial: 16.94, industrial: 10.85, allSectors: 16.50 },
  FL: { name: 'Florida', residential: 15.21, commercial: 11.95, industrial: 9.39, allSectors: 13.53 },
  GA: { name: 'Georgia', residential: 13.69, commercial: 10.70, industrial: 6.88, allSectors: 11.06 },
  HI: { name: 'Hawaii', residential: 42.39, commercial: 39.03, industrial: 35.28, allSectors: 38.60 },
  ID: { name: 'Idaho', residential: 11.05, commercial: 8.78, industrial: 7.17, allSectors: 9.08 },
  IL: { name: 'Illinois', residential: 15.71, commercial: 11.24, industrial: 8.20, allSectors: 11.75 },
  IN: { name: 'Indiana', residential: 14.94, commercial: 12.55, industrial: 8.24, allSectors: 11.49 },
  IA: { name: 'Iowa', residential: 13.31, commercial: 10.33, industrial: 6.91, allSectors: 9.42 },
  KS: { name: 'Kansas', residential: 13.38, commercial: 10.85, industrial: 7.64, allSectors: 10.80 },
  KY: { name: 'Kentucky', residential: 12.65, commercial: 11.38, industrial: 6.55, allSectors: 9.96 },
  LA: { name: 'Louisiana', residential: 11.55, commercial: 10.45, industrial: 5.88, allSectors: 8.91 },
  ME: { name: 'Maine', residential: 27.42, commercial: 17.88, industrial: 12.30, allSectors: 20.84 },
  MD: { name: 'Maryland', residential: 16.60, commercial: 12.77, industrial: 9.94, allSectors: 14.34 },
  MA: { name: 'Massachusetts', residential: 29.61, commercial: 19.62, industrial: 17.88, allSectors: 23.21 },
  MI: { name: 'Michigan', residential: 18.84, commercial: 13.40, industrial: 8.16, allSectors: 13.68 },
  MN: { name: 'Minnesota', residential: 14.73, commercial: 12.39, industrial: 9.20, allSectors: 12.21 },
  MS: { name: 'Mississippi', residential: 13.23, commercial: 12.37, industrial: 6.96, allSectors: 10.95 },
  MO: { name: 'Missouri', residential: 12.58, commercial: 10.14, industrial: 7.90, allSectors: 10.87 },
  MT: { name: 'Montana', residential: 12.54, commercial: 12.11, industrial: 7.80, allSectors: 10.97 },
  NE: { name: 'Nebraska', residential: 11.20, commercial: 8.76, industrial: 7.63, allSectors: 9.14 },
  NV: { name: 'Nevada', residential: 16.67, commercial: 11.91, industrial: 10.36, allSectors: 13.09 },
  NH: { name: 'New Hampshire', residential: 28.15, commercial: 20.40, industrial: 15.76, allSectors: 22.96 },
  NJ: { name: 'New Jersey', residential: 17.70, commercial: 14.00, industrial: 11.68, allSectors: 15.27 },
  NM: { name: 'New Mexico', residential: 13.85, commercial: 10.68, industrial: 5.75, allSectors: 9.47 },
  NY: { name: 'New York', residential: 22.25, commercial: 18.01, industrial: 6.87, allSectors: 18.28 },
  NC: { name: 'North Carolina', residential: 12.93, commercial: 9.67, industrial: 7.15, allSectors: 10.61 },
  ND: { name: 'North Dakota', residential: 11.01, commercial: 7.38, industrial: 7.37, allSectors: 8.03 },
  OH: { name: 'Ohio', residential: 15.38, commercial: 10.75, industrial: 7.03, allSectors: 11.04 },
  OK: { name: 'Oklahoma', residential: 12.08, commercial: 9.34, industrial: 6.26, allSectors: 9.30 },
  OR: { name: 'Oregon', residential: 12.73, commercial: 9.92, industrial: 7.52, allSectors: 10.32 },
  PA: { name: 'Pennsylvania', residential: 18.10, commercial: 11.26, industrial: 7.75, allSectors: 12.57 },
  RI: { name: 'Rhode Island', residential: 27.02, commercial: 17.68, industrial: 18.98, allSectors: 21.62 },
  SC: { name: 'South Carolina', residential: 13.68, commercial: 10.39, industrial: 6.68, allSectors: 10.50 },
  SD: { name: 'South Dakota', residential: 12.32, commercial: 10.16, industrial: 8.01, allSectors: 10.49 },
  TN: { name: 'Tennessee', residential: 12.19, commercial: 11.80, industrial: 6.23, allSectors: 10.69 },
  TX: { name: 'Texas', residential: 14.46, commercial: 8.82, industrial: 6.60, allSectors: 10.04 },
  UT: { name: 'Utah', residential: 11.20, commercial: 8.51, industrial: 6.99, allSectors: 9.03 },
  VT: { name: 'Vermont', residential: 20.82, commercial: 18.00, industrial: 11.27, allSectors: 17.53 },
  VA: { name: 'Virginia', residential: 14.26, commercial: 8.95, industrial: 8.92, allSectors: 10.68 },
  WA: { name: 'Washington', residential: 10.98, commercial: 9.92, industrial: 6.35, allSectors: 9.58 },
  WV: { name: 'West Virginia', residential: 14.05, commercial: 11.03, industrial: 7.24, allSectors: 10.26 },
  WI: { name: 'Wisconsin', residential: 16.88, commercial: 12.76, industrial: 8.68, allSectors: null },
  WY: { name: 'Wyoming', residential: null, commercial: null, industrial: null, allSectors: null },
  US: { name: 'U.S. Total', residential: null, commercial: null, industrial: null, allSectors: null },
};

/**
 * The 2023 EIA average price for a state and sector, in dollars per kWh, or null when the
 * state is unknown or the stored table has no figure for it.
 */
export function getStateElectricityPrice(
  stateCode: string | null | undefined,
  sector: 'residential' | 'commercial',
): number | null {
  if (!stateCode) return null;
  const row = EIA_ELECTRICITY_PRICES_2023[stateCode.trim().toUpperCase()];
  const cents = row?.[sector] ?? null;
  return cents === null ? null : cents / 100;
}
