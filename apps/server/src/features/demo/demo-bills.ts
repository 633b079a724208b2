import { buildTextPdf, type PdfText } from './demo-pdf.ts';

// DEMO DATA. Everything in this file is made up for the demo account: the utility, the
// customer, the address and the usage figures. The usage follows a typical US home's
// seasonal shape (summer air conditioning, winter heating) with one deliberate spike, so the
// dashboard shows charts, an 'Unusual activity' flag and recommendations on first start.

export const DEMO_PROVIDER = 'Riverbend Electric Company';
export const DEMO_ACCOUNT = '4471-0923-5561';
const CUSTOMER = 'Alex Demo';
const ADDRESS_1 = '742 Evergreen Terrace';
const ADDRESS_2 = 'Springfield, IL 62704';
const CUSTOMER_CHARGE = 12.5;
const RATE = 0.1425; // $/kWh
const TAX_RATE = 0.05;

/** Demo kWh per month (index 0 = January); the spike month is added on top of this shape. */
const SEASONAL_KWH = [910, 820, 700, 610, 640, 880, 1120, 1160, 900, 640, 690, 870];
/** The spike: the bill whose period is this many months before the latest one uses 2.3× the usual. */
const SPIKE_MONTHS_AGO = 3;
const SPIKE_FACTOR = 2.3;

export type DemoBill = { fileName: string; bytes: Uint8Array; periodStart: string; periodEnd: string; usage: number; total: number };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const us = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const long = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
const money = (n: number) => `$${n.toFixed(2)}`;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** Twelve monthly bills, the latest for the last full calendar month before `today`. */
export function generateDemoBills(today: Date): DemoBill[] {
  const bills: DemoBill[] = [];
  for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo--) {
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 1));
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const end = addDays(next, -1);
    const base = SEASONAL_KWH[start.getUTCMonth()] ?? 800;
    // A little wobble from the period itself (deterministic), and the spike.
    const usage = Math.round(base * (1 + (((start.getUTCMonth() * 7) % 5) - 2) / 100) * (monthsAgo === SPIKE_MONTHS_AGO ? SPIKE_FACTOR : 1));
    const energy = Math.round(usage * RATE * 100) / 100;
    const taxes = Math.round((energy + CUSTOMER_CHARGE) * TAX_RATE * 100) / 100;
    const total = Math.round((CUSTOMER_CHARGE + energy + taxes) * 100) / 100;
    const statement = addDays(end, 3);
    const due = addDays(statement, 21);
    const previousRead = 40_000 + bills.reduce((sum, b) => sum + b.usage, 0);
    const lines: PdfText[] = [
      { x: 54, y: 740, text: DEMO_PROVIDER, size: 18, bold: true },
      { x: 54, y: 722, text: 'PO Box 2040, Springfield, IL 62705  |  Customer Service 1-800-555-0142' },
      { x: 400, y: 740, text: 'DEMO DATA - NOT A REAL BILL', size: 8 },
      { x: 54, y: 680, text: 'Account Number:', bold: true },
      { x: 160, y: 680, text: DEMO_ACCOUNT },
      { x: 330, y: 680, text: 'Statement Date:', bold: true },
      { x: 430, y: 680, text: us(statement) },
      { x: 54, y: 664, text: 'Customer Name:', bold: true },
      { x: 160, y: 664, text: CUSTOMER },
      { x: 330, y: 664, text: 'Due Date:', bold: true },
      { x: 430, y: 664, text: long(due) },
      { x: 54, y: 648, text: 'Service Address:', bold: true },
      { x: 160, y: 648, text: `${ADDRESS_1}, ${ADDRESS_2}` },
      { x: 54, y: 632, text: 'Service Period:', bold: true },
      { x: 160, y: 632, text: `${us(start)} - ${us(end)}` },
      { x: 54, y: 596, text: 'Meter Readings', size: 12, bold: true },
      { x: 54, y: 580, text: 'Meter Number: 88-120-457' },
      { x: 54, y: 566, text: `Previous Reading: ${previousRead} (Actual)` },
      { x: 54, y: 552, text: `Current Reading: ${previousRead + usage} (Actual)` },
      { x: 54, y: 538, text: `Total Usage: ${usage} kWh` },
      { x: 54, y: 500, text: 'Charges for This Period', size: 12, bold: true },
      { x: 54, y: 484, text: 'Customer Charge' },
      { x: 450, y: 484, text: money(CUSTOMER_CHARGE) },
      { x: 54, y: 470, text: `Energy Charge ${usage} kWh x $${RATE.toFixed(4)}/kWh` },
      { x: 450, y: 470, text: money(energy) },
      { x: 54, y: 456, text: 'Taxes and Fees' },
      { x: 450, y: 456, text: money(taxes) },
      { x: 54, y: 440, text: 'Total Current Charges', bold: true },
      { x: 450, y: 440, text: money(total), bold: true },
      { x: 54, y: 410, text: 'Previous Balance' },
      { x: 450, y: 410, text: money(0) },
      { x: 54, y: 396, text: 'Total Amount Due', size: 12, bold: true },
      { x: 450, y: 396, text: money(total), size: 12, bold: true },
      { x: 54, y: 360, text: `Please pay ${money(total)} by ${long(due)}.` },
    ];
    bills.push({
      fileName: `riverbend-electric-${iso(start).slice(0, 7)}.pdf`,
      bytes: buildTextPdf(lines, `${DEMO_PROVIDER} bill ${iso(start).slice(0, 7)}`),
      periodStart: iso(start),
      periodEnd: iso(end),
      usage,
      total,
    });
  }
  return bills;
}
