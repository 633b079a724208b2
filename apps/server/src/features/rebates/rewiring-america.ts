import { type Rebate, type RebateCategory, type StateCode } from '@wattwise/shared/contract/rebates';
import { STATE_NAMES } from '@wattwise/shared/rebates/states';
import { z } from 'zod';

/**
 * Production option: Rewiring America's incentives API (`GET /api/v1/incentives?state=XX`,
 * Bearer key), read into our catalogue's shape so its programmes rank beside ours. Only the
 * fields we use are parsed; anything unexpected drops that incentive, never the whole answer.
 */

export type RewiringAmericaConfig = { apiKey: string; baseUrl: string };

const incentiveSchema = z.object({
  id: z.string().min(1),
  items: z.array(z.string()),
  short_description: z.object({ en: z.string() }),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  payment_methods: z.array(z.string()),
  amount: z.object({ type: z.string(), number: z.number(), maximum: z.number().optional(), minimum: z.number().optional(), unit: z.string().optional() }),
  owner_status: z.array(z.string()),
  program: z.string().min(1),
  low_income: z.string().optional(),
});
const responseSchema = z.object({ incentives: z.array(z.unknown()) });

const ITEM_CATEGORIES: [RegExp, RebateCategory][] = [
  [/water_heater/, 'heat_pump_water_heater'],
  [/heat_pump|geothermal/, 'heat_pump'],
  [/solar/, 'solar'],
  [/battery/, 'battery'],
  [/panel|wiring/, 'electrical_panel'],
  [/weatheriz|insulation|air_seal/, 'weatherization'],
  [/audit/, 'energy_audit'],
  [/charger/, 'ev_charger'],
  [/stove|cooktop|dryer|appliance/, 'appliances'],
  [/thermostat/, 'smart_thermostat'],
  [/efficiency/, 'whole_home'],
];

function categoryOf(items: readonly string[]): RebateCategory | null {
  for (const item of items) for (const [pattern, category] of ITEM_CATEGORIES) if (pattern.test(item)) return category;
  return null;
}

/** Dollars a household can expect at most: a flat amount, or the stated maximum of a percent or per-unit amount. */
function dollarsOf(amount: z.infer<typeof incentiveSchema>['amount']): number | null {
  if (amount.type === 'dollar_amount') return amount.number;
  return amount.maximum ?? null;
}

const isoDay = (s: string | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);

export function toRebate(raw: unknown, state: StateCode): Rebate | null {
  const parsed = incentiveSchema.safeParse(raw);
  if (!parsed.success) return null;
  const i = parsed.data;
  const category = categoryOf(i.items);
  const value = dollarsOf(i.amount);
  if (!category || value === null || value <= 0) return null;
  const tenure = i.owner_status.flatMap((s) => (s === 'homeowner' ? ['owner' as const] : s === 'renter' ? ['renter' as const] : []));
  return {
    id: `ra-${i.id}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 100),
    programName: i.program,
    description: i.short_description.en,
    provider: `${i.program} (via Rewiring America)`,
    monetaryValue: value,
    applicationUrl: null,
    startDate: isoDay(i.start_date),
    expirationDate: isoDay(i.end_date),
    category,
    propertyTypes: ['residential'],
    regions: [STATE_NAMES[state]],
    eligibilityCriteria: {
      states: [state],
      ...(tenure.length > 0 && tenure.length < 2 ? { tenure } : {}),
      ...(i.low_income ? { incomeBands: ['below_80' as const], notes: ['Income-qualified: see the programme for its limits'] } : {}),
    },
    typicalProjectCost: null,
    sourceUrl: 'https://www.rewiringamerica.org/',
    origin: 'rewiring_america',
  };
}

/** The state's incentives from Rewiring America, in our shape; throws on HTTP failure or timeout. */
export async function fetchRewiringAmericaRebates(config: RewiringAmericaConfig, state: StateCode, fetchImpl: typeof fetch = fetch): Promise<Rebate[]> {
  const url = new URL('/api/v1/incentives', config.baseUrl);
  url.searchParams.set('state', state);
  const res = await fetchImpl(url, { headers: { authorization: `Bearer ${config.apiKey}`, accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`Rewiring America answered ${res.status}`);
  const body = responseSchema.parse(await res.json());
  return body.incentives.flatMap((raw) => toRebate(raw, state) ?? []);
}
