import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { PaymentRow } from './payments.queries.ts';

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

/**
 * A payment's receipt as a one-page PDF (pdf-lib, standard Helvetica): what was paid, when, how
 * and for what, with the amount exactly as charged in cents (02-tools §3 payment receipt).
 */
export async function renderReceiptPdf(payment: PaymentRow, email: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Wattwise receipt ${payment.id}`);
  pdf.setAuthor('Wattwise');
  pdf.setCreationDate(payment.occurredAt);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const green = rgb(0.016, 0.471, 0.341);
  const muted = rgb(0.39, 0.45, 0.55);
  let y = 780;
  page.drawText('Wattwise', { x: 56, y, size: 22, font: bold, color: green });
  y -= 36;
  page.drawText('Receipt', { x: 56, y, size: 18, font: bold });
  y -= 22;
  page.drawText(payment.status === 'paid' ? 'Paid' : 'Payment failed', { x: 56, y, size: 11, font: regular, color: muted });
  y -= 40;
  page.drawText(money(payment.amountCents, payment.currency), { x: 56, y, size: 28, font: bold });
  y -= 40;
  // Text is drawn with the standard font's WinAnsi encoding: anything it cannot show becomes '?'.
  const safe = (value: string) => value.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
  const rows: [string, string][] = [
    ['Receipt number', payment.id],
    ['Date', day(payment.occurredAt)],
    ['Billed to', email],
    ['Description', payment.description],
    ['Payment method', payment.paymentMethod ?? 'card'],
    ['Amount', `${money(payment.amountCents, payment.currency)} ${payment.currency.toUpperCase()}`],
  ];
  if (payment.periodStart && payment.periodEnd) rows.splice(4, 0, ['Period', `${day(payment.periodStart)} - ${day(payment.periodEnd)}`]);
  if (payment.kind === 'subscription_invoice' && payment.periodEnd) rows.push(['Next billing date', day(payment.periodEnd)]);
  for (const [label, value] of rows) {
    page.drawText(label, { x: 56, y, size: 10, font: regular, color: muted });
    page.drawText(safe(value).slice(0, 90), { x: 200, y, size: 11, font: regular });
    y -= 24;
  }
  page.drawText('Questions about this payment? Contact us at /contact on Wattwise.', { x: 56, y: 80, size: 9, font: regular, color: muted });
  return pdf.save();
}
