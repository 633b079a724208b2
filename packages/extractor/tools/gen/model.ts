/**
 * The bill itself, before any layout: parties, dates, line items and balances. Amounts are kept
 * in cents so the truth adds up exactly (total = previous − payments + current + late fees,
 * current = sum of line items, quantity × rate = amount for metered lines).
 */
import { formatAddress, makeAccountNumber, makePhone, pickAddress, pickPerson, PROVIDERS, type BillType, type Provider } from './catalogue.ts';
import { addDays, daysBetween, type CalendarDate } from './dates.ts';
import type { Rng } from './random.ts';

export type UsageUnit = 'kWh' | 'therms' | 'CCF' | 'gallons' | 'GB' | 'm3';
export type ItemKind = 'fixed' | 'variable' | 'tax' | 'other';

export interface LineItem {
  description: string;
  quantity: number | null;
  unit: string | null;
  rate: number | null;
  /** Cents. */
  cents: number;
  kind: ItemKind;
  /** Index into `services`. */
  service: number;
}

export interface Meter {
  number: string;
  previousRead: number;
  currentRead: number;
  multiplier: number;
}

export interface Service {
  name: string;
  meter: Meter | null;
  start: CalendarDate;
  end: CalendarDate;
  usage: number | null;
  unit: UsageUnit | null;
}

/** What the bill needs from its layout family to be generated. */
export type BillShape = 'residential' | 'municipal' | 'commercial' | 'internet' | 'canadian';

export interface BillModel {
  provider: Provider;
  billType: BillType;
  shape: BillShape;
  currency: 'USD' | 'CAD';
  accountNumber: string;
  customerName: string;
  serviceAddress: string;
  mailingLines: string[];
  statementDate: CalendarDate;
  dueDate: CalendarDate;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  usageAmount: number | null;
  usageUnit: UsageUnit | null;
  services: Service[];
  items: LineItem[];
  previousCents: number;
  paymentCents: number;
  lateFeeCents: number;
  currentCents: number;
  totalCents: number;
  /** Distractors printed around the real fields. */
  extras: {
    phone: string;
    poBox: string;
    lastYearUsage: number | null;
    demandKw: number | null;
    afterDueCents: number;
    invoiceNumber: string;
    rateCode: string;
  };
}

const round2 = (n: number) => Math.round(n * 100);

function variable(description: string, quantity: number, unit: string, rate: number, service = 0): LineItem {
  return { description, quantity, unit, rate, cents: round2(quantity * rate), kind: 'variable', service };
}
function fixed(description: string, dollars: number, service = 0, kind: ItemKind = 'fixed'): LineItem {
  return { description, quantity: null, unit: null, rate: null, cents: Math.round(dollars * 100), kind, service };
}
function tax(description: string, percent: number, baseCents: number, service = 0): LineItem {
  return { description, quantity: null, unit: '%', rate: percent, cents: Math.round((baseCents * percent) / 100), kind: 'tax', service };
}
/** GST alone (5 %) or the harmonized HST (13 % in Ontario). */
const canadianTax = (rng: Rng): [string, number] => (rng.chance(0.5) ? ['GST', 5] : ['HST', 13]);
const sum = (items: LineItem[]) => items.reduce((s, i) => s + i.cents, 0);

function meter(rng: Rng, usage: number, multiplier = 1): Meter {
  const previousRead = rng.int(1000, 90000);
  return { number: rng.chance(0.5) ? rng.digits(8) : `${rng.letters(1)}${rng.digits(7)}`, previousRead, currentRead: previousRead + usage / multiplier, multiplier };
}

function pickProvider(rng: Rng, shape: BillShape): Provider {
  const pool = PROVIDERS.filter((pr) => {
    if (shape === 'canadian') return pr.country === 'CA';
    if (pr.country !== 'US') return false;
    if (shape === 'municipal') return pr.municipal === true;
    if (shape === 'commercial') return pr.billType === 'electricity';
    if (shape === 'internet') return pr.billType === 'internet';
    return !pr.municipal && pr.billType !== 'internet';
  });
  return rng.pick(pool);
}

/** Builds one bill of the given shape. */
export function createBillModel(rng: Rng, shape: BillShape): BillModel {
  const provider = pickProvider(rng, shape);
  const country = provider.country;
  const address = pickAddress(rng, country);
  const business = shape === 'commercial';
  const customerName = pickPerson(rng, business);
  const mailingSame = rng.chance(0.75);
  const mailing = mailingSame ? address : pickAddress(rng, country);

  const periodEnd: CalendarDate = { year: rng.pick([2025, 2026]), month: rng.int(1, 12), day: rng.int(1, 28) };
  const days = rng.int(28, 34);
  const periodStart = addDays(periodEnd, -days);
  const statementDate = addDays(periodEnd, rng.int(1, 6));
  const dueDate = addDays(statementDate, rng.int(14, 25));

  const { services, items, usageAmount, usageUnit, demandKw } = buildCharges(rng, shape, provider, periodStart, periodEnd);
  const currentCents = sum(items);

  const previousCents = round2(rng.range(20, 260));
  let paymentCents = previousCents;
  let lateFeeCents = 0;
  const scenario = rng.next();
  if (scenario < 0.15) {
    paymentCents = 0;
    if (rng.chance(0.5)) lateFeeCents = Math.max(500, Math.round(previousCents * 0.015));
  } else if (scenario < 0.3) {
    paymentCents = Math.round(previousCents * rng.range(0.3, 0.8));
  } else if (scenario < 0.4) {
    paymentCents = previousCents + Math.min(Math.round(currentCents * 0.5), round2(rng.range(5, 40)));
  }
  const totalCents = previousCents - paymentCents + currentCents + lateFeeCents;

  const lastYearUsage = usageAmount === null ? null : Math.round(usageAmount * rng.range(0.7, 1.3));
  return {
    provider,
    billType: provider.billType,
    shape,
    currency: country === 'CA' ? 'CAD' : 'USD',
    accountNumber: makeAccountNumber(rng),
    customerName,
    serviceAddress: formatAddress(address),
    mailingLines: [customerName, mailing.line1, `${mailing.city}, ${mailing.region} ${mailing.postal}`],
    statementDate,
    dueDate,
    periodStart,
    periodEnd,
    usageAmount,
    usageUnit,
    services,
    items,
    previousCents,
    paymentCents,
    lateFeeCents,
    currentCents,
    totalCents,
    extras: {
      phone: makePhone(rng),
      poBox: `PO BOX ${rng.int(100, 99999)}`,
      lastYearUsage,
      demandKw,
      afterDueCents: totalCents + Math.max(300, Math.round(currentCents * 0.05)),
      invoiceNumber: rng.digits(rng.int(8, 11)),
      rateCode: rng.pick(['RS-1', 'R-10', 'GS-2', 'Residential Service', 'E-1', 'Rate 110', 'SGS']),
    },
  };
}

interface Charges {
  services: Service[];
  items: LineItem[];
  usageAmount: number | null;
  usageUnit: UsageUnit | null;
  demandKw: number | null;
}

function buildCharges(rng: Rng, shape: BillShape, provider: Provider, start: CalendarDate, end: CalendarDate): Charges {
  const svc = (name: string, usage: number | null, unit: UsageUnit | null, withMeter = true, multiplier = 1): Service => ({
    name, meter: withMeter && usage !== null ? meter(rng, usage, multiplier) : null, start, end, usage, unit,
  });
  const taxed = (items: LineItem[], label: string, percent: number, service = 0) => [...items, tax(label, percent, sum(items), service)];
  const canadian = provider.country === 'CA';

  if (shape === 'municipal') {
    const unit: UsageUnit = rng.pick(['gallons', 'CCF'] as const);
    const water = unit === 'gallons' ? rng.int(18, 90) * 100 : rng.int(3, 14);
    const sewer = rng.chance(0.5) ? water : Math.round(water * rng.range(0.6, 0.9));
    const wRate = unit === 'gallons' ? rng.range(0.004, 0.009) : rng.range(3, 7);
    const sRate = unit === 'gallons' ? rng.range(0.005, 0.011) : rng.range(4, 9);
    const round = (r: number) => Number(r.toFixed(unit === 'gallons' ? 5 : 4));
    const items = [
      fixed('Water Base Charge', rng.range(8, 22), 0),
      variable('Water Usage', water, unit, round(wRate), 0),
      fixed('Wastewater Base Charge', rng.range(10, 30), 1),
      variable(rng.chance(0.5) ? 'Wastewater Volume' : 'Sewer Usage', sewer, unit, round(sRate), 1),
      fixed(rng.pick(['Residential Trash Collection', 'Solid Waste - 96 Gal Cart', 'Refuse Service']), rng.range(14, 32), 2),
      fixed(rng.pick(['Recycling Fee', 'Yard Waste']), rng.range(2, 6), 2, 'other'),
    ];
    const services = [svc('Water', water, unit), svc('Wastewater', sewer, unit, false), svc(rng.pick(['Trash', 'Sanitation', 'Solid Waste']), null, null, false)];
    // Sewer billed on the water reading: one number is the bill's usage. Sewer on its own (winter
    // average, a deduct meter): several usages and no total, so none is the bill's.
    const shared = sewer === water;
    return { services, items, usageAmount: shared ? water : null, usageUnit: shared ? unit : null, demandKw: null };
  }

  if (shape === 'commercial') {
    const meters = rng.int(2, 4);
    const services: Service[] = [];
    let total = 0;
    for (let m = 0; m < meters; m++) {
      const multiplier = rng.pick([1, 10, 40, 80]);
      const usage = rng.int(40, 900) * multiplier;
      total += usage;
      services.push(svc(`Meter ${m + 1}`, usage, 'kWh', true, multiplier));
    }
    // Demand consistent with the energy: a load factor of 30-75 % over the period.
    const hours = 24 * daysBetween(start, end);
    const demand = Number((total / (hours * rng.range(0.3, 0.75))).toFixed(1));
    const items = [
      fixed('Customer Charge', rng.range(25, 90)),
      variable('Energy Charge', total, 'kWh', Number(rng.range(0.06, 0.12).toFixed(5))),
      variable('Demand Charge', demand, 'kW', Number(rng.range(8, 18).toFixed(3))),
      variable('Fuel Cost Adjustment', total, 'kWh', Number(rng.range(0.01, 0.03).toFixed(5))),
    ];
    return { services, items: taxed(items, 'State Sales Tax', rng.pick([4, 5, 6.25, 7])), usageAmount: total, usageUnit: 'kWh', demandKw: demand };
  }

  if (provider.billType === 'internet') {
    const hasUsage = rng.chance(0.5);
    const usage = hasUsage ? rng.int(80, 1400) : null;
    const items = [
      fixed(rng.pick(['Internet 300 Mbps', 'Fiber 1 Gig', 'Gigabit Extra', 'Connect Plus', 'Performance Pro Internet']), rng.range(45, 95)),
      fixed(rng.pick(['Modem/Router Rental', 'WiFi Gateway', 'Equipment Fee']), rng.range(10, 15)),
    ];
    if (rng.chance(0.5)) items.push({ ...fixed(rng.pick(['Promotional Discount', 'Autopay Credit', 'Paperless Discount']), -rng.range(5, 20)), kind: 'other' });
    if (rng.chance(0.6)) items.push(fixed(rng.pick(['Broadband Cost Recovery Fee', 'Regulatory Recovery Fee', 'Network Enhancement Fee']), rng.range(1, 4), 0, 'other'));
    const s: Service = { name: 'Internet', meter: null, start, end, usage, unit: usage === null ? null : 'GB' };
    return { services: [s], items: taxed(items, rng.pick(['Sales Tax', 'State & Local Taxes']), rng.pick([3, 5.5, 7.25])), usageAmount: usage, usageUnit: usage === null ? null : 'GB', demandKw: null };
  }

  if (provider.billType === 'electricity') {
    const usage = rng.int(180, 2100);
    const items = [
      fixed(rng.pick(['Basic Service Charge', 'Customer Charge', 'Monthly Service Charge', 'Delivery Charge - Fixed']), rng.range(7, 30)),
      variable(canadian ? 'Electricity' : rng.pick(['Energy Charge', 'Electric Supply', 'Generation Charge']), usage, 'kWh', Number(rng.range(0.07, 0.16).toFixed(5))),
      variable(rng.pick(['Delivery Charge', 'Distribution Charge', 'Transmission & Distribution']), usage, 'kWh', Number(rng.range(0.02, 0.06).toFixed(5))),
    ];
    if (!canadian && rng.chance(0.5)) items.push(fixed(rng.pick(['Storm Recovery Charge', 'Renewable Energy Rider', 'Energy Efficiency Program']), rng.range(0.5, 6), 0, 'other'));
    const taxItems = canadian ? taxed(items, ...canadianTax(rng)) : taxed(items, rng.pick(['State Sales Tax', 'Franchise Fee', 'Utility Tax']), rng.pick([2, 3.5, 6, 8.25]));
    return { services: [svc('Electric', usage, 'kWh')], items: taxItems, usageAmount: usage, usageUnit: 'kWh', demandKw: null };
  }

  if (provider.billType === 'natural_gas') {
    const unit: UsageUnit = canadian ? 'm3' : rng.chance(0.8) ? 'therms' : 'CCF';
    const usage = unit === 'm3' ? rng.int(40, 320) : rng.int(8, 160);
    const supply = unit === 'm3' ? rng.range(0.12, 0.28) : rng.range(0.45, 0.95);
    const delivery = unit === 'm3' ? rng.range(0.08, 0.2) : rng.range(0.25, 0.6);
    const items = [
      fixed(rng.pick(['Customer Charge', 'Basic Charge', 'Fixed Monthly Charge']), rng.range(9, 28)),
      variable(rng.pick(['Gas Supply Charge', 'Cost of Gas', 'Commodity Charge']), usage, unit === 'm3' ? 'm³' : unit, Number(supply.toFixed(5))),
      variable(rng.pick(['Delivery Charge', 'Distribution Charge', 'Transportation']), usage, unit === 'm3' ? 'm³' : unit, Number(delivery.toFixed(5))),
    ];
    const withTax = canadian ? taxed(items, ...canadianTax(rng)) : taxed(items, 'Sales Tax', rng.pick([3, 5, 6.5]));
    return { services: [svc('Gas', usage, unit)], items: withTax, usageAmount: usage, usageUnit: unit, demandKw: null };
  }

  // Water (single service: one usage figure billed for water and sewer).
  const unit: UsageUnit = canadian ? 'm3' : rng.pick(['gallons', 'CCF'] as const);
  const usage = unit === 'gallons' ? rng.int(15, 110) * 100 : unit === 'CCF' ? rng.int(3, 18) : rng.int(8, 45);
  const rateDigits = unit === 'gallons' ? 5 : 4;
  const rate = (lo: number, hi: number) => Number(rng.range(lo, hi).toFixed(rateDigits));
  const printedUnit = unit === 'm3' ? 'm³' : unit;
  const items = [
    fixed(rng.pick(['Water Service Charge', 'Meter Charge', 'Readiness to Serve']), rng.range(8, 25)),
    variable('Water Consumption', usage, printedUnit, unit === 'gallons' ? rate(0.004, 0.009) : unit === 'CCF' ? rate(3, 7) : rate(1.5, 3.5)),
    variable('Sewer Volume Charge', usage, printedUnit, unit === 'gallons' ? rate(0.005, 0.011) : unit === 'CCF' ? rate(4, 9) : rate(1.8, 4)),
  ];
  return { services: [svc('Water', usage, unit)], items, usageAmount: usage, usageUnit: unit, demandKw: null };
}
