/**
 * Building blocks shared by the layout families: header, address window, key fields, account
 * summary, charges, meter readings, remittance stub and small print. Each returns the y below
 * what it drew, so layouts stack blocks without overlapping.
 */
import { GRAY, LIGHT, type Painter, type TextOptions } from './pdf-kit.ts';
import type { BillContext, Phrase } from './context.ts';
import { daysBetween } from './dates.ts';
import type { LineItem } from './model.ts';
import type { WordedField } from './wordings.ts';

export type PhraseStyle = 'row' | 'leaders' | 'stacked' | 'inline';

/** Prints one field: a label/value row in the given style, or a wrapped sentence. */
export function drawPhrase(p: Painter, phrase: Phrase, x: number, y: number, w: number, style: PhraseStyle, opts: TextOptions & { emphasize?: boolean } = {}): number {
  const size = opts.size ?? 10;
  if (phrase.kind === 'sentence') return p.paragraph(phrase.text, x, y, w, { size, bold: opts.emphasize }) + 2;
  switch (style) {
    case 'row':
    case 'leaders':
      return p.row(phrase.label, phrase.value, x, y, w, { size, leaders: style === 'leaders', boldValue: opts.emphasize, boldLabel: opts.bold });
    case 'stacked': {
      const below = p.text(phrase.label, x, y, { size: size * 0.8, color: GRAY, maxWidth: w, bold: opts.bold });
      return p.text(phrase.value, x, below, { size: opts.emphasize ? size * 1.4 : size, bold: true, maxWidth: w }) + 3;
    }
    case 'inline':
      return p.text(`${phrase.label}${phrase.label.endsWith(':') ? '' : ':'} ${phrase.value}`, x, y, { size, bold: opts.emphasize, maxWidth: w });
  }
}

export function drawFields(p: Painter, ctx: BillContext, fields: WordedField[], x: number, y: number, w: number, style: PhraseStyle, size = 10): number {
  let top = y;
  // Bills disagree on the order of their key facts; keep only a trailing total in place.
  const last = fields[fields.length - 1];
  const keepLast = last === 'total' ? 1 : 0;
  const order = ctx.shuffleFields ? [...ctx.rng.sample(fields.slice(0, fields.length - keepLast), fields.length - keepLast), ...fields.slice(fields.length - keepLast)] : fields;
  for (const field of order) top = drawPhrase(p, ctx.phrase(field), x, top, w, style, { size, emphasize: field === 'total', bold: ctx.boldLabels });
  return top;
}

/** Provider name as a word mark, with its payment address and phone number. */
export function drawHeader(p: Painter, ctx: BillContext, x: number, y: number, w: number, opts: { size?: number; center?: boolean; mark?: boolean } = {}): number {
  const size = opts.size ?? 16;
  const { provider, extras } = ctx.bill;
  let left = x;
  if (opts.mark ?? true) {
    p.rect(x, y, size * 1.6, size * 1.6, { fill: ctx.accent });
    // A drawn logo, not text: a letter here would join the provider's name in the text layer.
    p.circle(x + size * 0.8, y + size * 0.8, size * 0.5, LIGHT);
    left = x + size * 2;
  }
  const align = opts.center ? 'center' : 'left';
  const ax = opts.center ? x + w / 2 : left;
  const room = w - (left - x);
  let top: number;
  if (p.measure(provider.name, size, true) <= room * 1.25 || opts.center) {
    top = p.text(provider.name, ax, y, { size, bold: true, align, maxWidth: room, color: ctx.accent });
  } else {
    // Long names wrap rather than shrink past legibility or lose their tail.
    top = p.paragraph(provider.name, ax, y, room, { size: size * 0.85, bold: true, color: ctx.accent });
  }
  top = p.text(`${extras.poBox}  ·  ${provider.aliases[0] ?? ''}`, ax, top, { size: size * 0.5, align, color: GRAY, maxWidth: w - (left - x) });
  top = p.text(`${ctx.common('phone')}: ${extras.phone}`, ax, top, { size: size * 0.5, align, color: GRAY, maxWidth: w - (left - x) });
  return Math.max(top, y + size * 1.6) + 6;
}


export function drawMailing(p: Painter, ctx: BillContext, x: number, y: number, size = 10): number {
  let top = y;
  for (const line of ctx.bill.mailingLines) top = p.text(line, x, top, { size });
  return top + 4;
}

export function drawServiceAddress(p: Painter, ctx: BillContext, x: number, y: number, w: number, size = 9): number {
  const top = p.text(ctx.common('address'), x, y, { size: size * 0.85, color: GRAY });
  return p.paragraph(ctx.bill.serviceAddress, x, top, w, { size }) + 4;
}

/** Previous balance, payments, late fee, current charges, total. */
export function drawAccountSummary(p: Painter, ctx: BillContext, x: number, y: number, w: number, opts: { size?: number; leaders?: boolean; title?: string } = {}): number {
  const size = opts.size ?? 10;
  const { bill } = ctx;
  let top = y;
  if (opts.title) top = p.text(opts.title, x, top, { size: size + 1, bold: true, color: ctx.accent }) + 2;
  const row = (field: WordedField) => {
    const ph = ctx.phrase(field);
    top = drawPhrase(p, ph, x, top, w, opts.leaders ? 'leaders' : 'row', { size, emphasize: field === 'total' });
  };
  row('previous');
  row('payments');
  if (bill.previousCents - bill.paymentCents > 0 && bill.paymentCents < bill.previousCents) {
    top = p.row('Past Due Amount', ctx.money(bill.previousCents - bill.paymentCents), x, top, w, { size, leaders: opts.leaders });
  }
  if (bill.lateFeeCents > 0) top = p.row(ctx.rng.pick(['Late Payment Charge', 'Late Fee', 'Penalty']), ctx.money(bill.lateFeeCents), x, top, w, { size, leaders: opts.leaders });
  const split = supplierSplit(ctx);
  if (split) {
    // This period's charges printed as the utility's delivery and a supplier's supply, no sum line.
    top = p.row(split.deliveryLabel, ctx.money(split.deliveryCents), x, top, w, { size, leaders: opts.leaders });
    top = p.row(split.supplyLabel, ctx.money(bill.currentCents - split.deliveryCents), x, top, w, { size, leaders: opts.leaders });
  } else row('current');
  // A notice printed next to the charges with a dollar figure of its own (never the charges).
  if (ctx.rng.chance(0.2)) {
    const change = ctx.money(Math.round(ctx.rng.range(50, 900)));
    const text = ctx.rng.pick([`Beginning next month your bill changes by about ${change} a month.`, `A rate change approved this month adds about ${change} to a typical bill.`, `You saved ${change} this period with paperless billing.`]);
    top = p.paragraph(text, x, top, w, { size: size * 0.85, color: GRAY }) + 2;
  }
  p.line(x + w * 0.6, top - 2, x + w, top - 2, { width: 0.6 });
  row('total');
  // Budget billing: the plan's instalment printed beside the amount due (the amount due stays the total).
  if (ctx.rng.chance(0.12)) {
    const installment = Math.max(1000, Math.round(bill.currentCents * ctx.rng.range(0.6, 0.95)));
    top = p.row(ctx.rng.pick(['Budget Billing Installment', 'Equal Payment Plan Amount', 'Your budget plan amount']), ctx.money(installment), x, top, w, { size: size * 0.9, leaders: opts.leaders });
  }
  return top + 2;
}

const SUPPLIERS = ['XOOM Energy', 'Constellation NewEnergy', 'Direct Energy Business', 'AEP Energy, Inc.', 'Just Energy'];

/** On some electricity and gas bills a supplier's charges are billed beside the utility's delivery charges. */
function supplierSplit(ctx: BillContext): { deliveryLabel: string; deliveryCents: number; supplyLabel: string } | null {
  const { bill } = ctx;
  if ((bill.billType !== 'electricity' && bill.billType !== 'natural_gas') || bill.items.length < 3 || !ctx.rng.chance(0.2)) return null;
  const cut = ctx.rng.int(1, bill.items.length - 1);
  const deliveryCents = bill.items.slice(0, cut).reduce((a, i) => a + i.cents, 0);
  if (deliveryCents <= 0 || deliveryCents >= bill.currentCents) return null;
  const supplier = ctx.rng.pick(SUPPLIERS);
  return {
    deliveryLabel: ctx.rng.pick(['New delivery charges', `New ${bill.provider.aliases[0] ?? 'utility'} charges`, 'Delivery charges this period']),
    deliveryCents,
    supplyLabel: ctx.rng.pick([`New ${supplier} supply charges`, `Supply charges - ${supplier}`, `Plus supply charges from ${supplier}`]),
  };
}

function itemText(ctx: BillContext, item: LineItem): string {
  if (item.kind === 'variable' && item.quantity !== null && item.rate !== null) {
    return `${item.description} ${item.quantity.toLocaleString('en-US')} ${item.unit ?? ''} @ $${item.rate}`;
  }
  if (item.kind === 'tax' && item.rate !== null) return `${item.description} (${item.rate}%)`;
  void ctx;
  return item.description;
}

/** Itemized charges, as a ruled table or as description/amount rows. */
export function drawCharges(p: Painter, ctx: BillContext, x: number, y: number, w: number, opts: { size?: number; table?: boolean; leaders?: boolean; title?: string; service?: number } = {}): number {
  const size = opts.size ?? 9;
  const items = ctx.bill.items.filter((i) => opts.service === undefined || i.service === opts.service);
  let top = y;
  if (opts.title) top = p.text(opts.title, x, top, { size: size + 2, bold: true, color: ctx.accent }) + 2;
  if (opts.table) {
    const cols = [
      { header: 'Description', width: w * 0.42 },
      { header: 'Quantity', width: w * 0.18, align: 'right' as const },
      { header: 'Rate', width: w * 0.2, align: 'right' as const },
      { header: 'Amount', width: w * 0.2, align: 'right' as const },
    ];
    const rows = items.map((i) => [
      i.description,
      i.quantity === null ? '' : `${i.quantity.toLocaleString('en-US')} ${i.unit ?? ''}`,
      i.rate === null ? '' : i.unit === '%' ? `${i.rate}%` : `$${i.rate}`,
      ctx.money(i.cents),
    ]);
    top = p.table(x, top, cols, rows, { size, headerFill: LIGHT });
  } else {
    for (const item of items) top = p.row(itemText(ctx, item), ctx.money(item.cents), x, top, w, { size, leaders: opts.leaders });
  }
  const subtotal = items.reduce((s, i) => s + i.cents, 0);
  const label = opts.service === undefined ? ctx.label('current') : `Total ${ctx.bill.services[opts.service]?.name ?? ''} Charges`;
  const end = p.row(label, ctx.money(subtotal), x, top + 2, w, { size, boldLabel: true, boldValue: true, leaders: opts.leaders }) + 2;
  return ctx.changeNotice && opts.service === undefined ? p.text(ctx.changeNotice, x, end, { size }) + 2 : end;
}

/** Meter readings table plus usage comparisons (distractor numbers next to the real usage). */
export function drawMeterReadings(p: Painter, ctx: BillContext, x: number, y: number, w: number, opts: { size?: number; grid?: boolean } = {}): number {
  const size = opts.size ?? 8.5;
  const { bill } = ctx;
  const metered = bill.services.filter((s) => s.meter !== null);
  // No meter (internet data): the usage is still printed, as a labelled row.
  if (metered.length === 0) {
    if (bill.usageAmount === null) return y;
    return p.row(ctx.label('usage'), `${bill.usageAmount.toLocaleString('en-US')} ${ctx.unitLabel(bill.usageUnit)}`, x, y, Math.min(w, 300), { size }) + 4;
  }
  if (w < 320) return drawMeterRows(p, ctx, x, y, w, size);
  const cols = [
    { header: ctx.common('meter'), width: w * 0.2 },
    { header: 'Read Dates', width: w * 0.26 },
    { header: ctx.common('previousRead'), width: w * 0.18, align: 'right' as const },
    { header: ctx.common('currentRead'), width: w * 0.18, align: 'right' as const },
    { header: ctx.label('usage'), width: w * 0.18, align: 'right' as const },
  ];
  const rows = metered.map((s) => [
    s.meter?.number ?? '',
    ctx.range(s.start, s.end),
    (s.meter?.previousRead ?? 0).toLocaleString('en-US'),
    (s.meter?.currentRead ?? 0).toLocaleString('en-US'),
    `${(s.usage ?? 0).toLocaleString('en-US')} ${ctx.unitLabel(s.unit)}`,
  ]);
  let top = p.table(x, y, cols, rows, { size, grid: opts.grid, headerFill: opts.grid ? undefined : LIGHT });
  const days = daysBetween(bill.periodStart, bill.periodEnd);
  const parts = [`${ctx.label('days')}: ${days}`];
  if (bill.usageAmount !== null) {
    parts.push(`${ctx.common('averageDaily')}: ${(bill.usageAmount / days).toFixed(1)} ${ctx.unitLabel(bill.usageUnit)}`);
    if (bill.extras.lastYearUsage !== null) parts.push(`${ctx.common('lastYear')}: ${bill.extras.lastYearUsage.toLocaleString('en-US')} ${ctx.unitLabel(bill.usageUnit)}`);
  }
  top = p.text(parts.join('    '), x, top + 2, { size, maxWidth: w });
  return top + 4;
}

/** Meter readings as label/value rows, for columns too narrow for a table. */
function drawMeterRows(p: Painter, ctx: BillContext, x: number, y: number, w: number, size: number): number {
  const { bill } = ctx;
  let top = y;
  for (const s of bill.services) {
    if (s.meter === null) continue;
    top = p.row(ctx.common('meter'), s.meter.number, x, top, w, { size });
    top = p.row(ctx.common('previousRead'), s.meter.previousRead.toLocaleString('en-US'), x, top, w, { size });
    top = p.row(ctx.common('currentRead'), s.meter.currentRead.toLocaleString('en-US'), x, top, w, { size });
  }
  top = p.row(ctx.label('days'), String(daysBetween(bill.periodStart, bill.periodEnd)), x, top, w, { size });
  if (bill.usageAmount !== null && bill.extras.lastYearUsage !== null) {
    top = p.row(ctx.common('lastYear'), `${bill.extras.lastYearUsage.toLocaleString('en-US')} ${ctx.unitLabel(bill.usageUnit)}`, x, top, w, { size });
  }
  return top + 4;
}

/** The detachable remittance coupon with the blank "amount enclosed" box. */
export function drawStub(p: Painter, ctx: BillContext, x: number, y: number, w: number, opts: { size?: number; cutAbove?: boolean } = {}): number {
  const size = opts.size ?? 9;
  const { bill } = ctx;
  if (opts.cutAbove ?? true) {
    p.line(x, y, x + w, y, { dash: [4, 3], color: GRAY });
    p.text('Please detach and return this portion with your payment. Make checks payable to ' + bill.provider.name + '.', x, y + 4, { size: size * 0.75, color: GRAY, maxWidth: w });
  }
  const top = y + 18;
  const colW = w / 2 - 10;
  let left = p.row(ctx.altLabel('account'), bill.accountNumber, x, top, colW, { size });
  left = p.row(ctx.altLabel('due'), ctx.date(bill.dueDate), x, left, colW, { size });
  left = p.row(ctx.altLabel('total'), ctx.money(bill.totalCents), x, left, colW, { size, boldValue: true });
  if (ctx.stubShowsLateAmount) {
    // Some coupons print the late amount right under the real one.
    const after = ctx.phrase('afterDue');
    left = after.kind === 'pair' ? p.row(after.label, after.value, x, left, colW, { size }) : p.paragraph(after.text, x, left, colW, { size });
  }
  const rx = x + w / 2 + 10;
  p.text(`${ctx.label('enclosed')}:`, rx, top, { size, bold: true });
  p.rect(rx, top + size * 1.4, colW, size * 2.2, { stroke: GRAY });
  p.text('$', rx + 4, top + size * 1.9, { size });
  let right = top + size * 4.2;
  right = p.text(bill.provider.name, rx, right, { size: size * 0.9, maxWidth: colW });
  right = p.text(bill.extras.poBox, rx, right, { size: size * 0.9 });
  left = Math.max(left, right) + 4;
  left = drawMailing(p, ctx, x + 20, left, size);
  p.text(`${ctx.rng.digits(4)} ${bill.accountNumber.replace(/\D/g, '')} ${String(bill.totalCents).padStart(8, '0')} ${ctx.rng.digits(2)}`, x, left, { size: size * 0.85, font: undefined });
  return left + size * 1.5;
}

/** Small print: contacts, payment options and a late-payment notice with the after-due amount. */
export function drawSmallPrint(p: Painter, ctx: BillContext, x: number, y: number, w: number, size = 7): number {
  const { bill } = ctx;
  const after = ctx.phrase('afterDue');
  const late = after.kind === 'pair' ? `${after.label}: ${after.value}.` : after.text;
  const autopay = ctx.autopayNotice ? `AutoPay: ${ctx.money(bill.totalCents)} will be drafted from your bank account on ${ctx.date(bill.dueDate)}. Do not pay - draft pending.` : '';
  const text = [
    `${ctx.common('phone')}: ${bill.extras.phone}. Mail payments to ${bill.provider.name}, ${bill.extras.poBox}.`,
    late,
    autopay,
    `${ctx.common('invoice')} ${bill.extras.invoiceNumber}. ${ctx.common('rate')}: ${bill.extras.rateCode}.`,
    'Pay online, by phone, by mail or at an authorized payment location. Payments made after the statement date may not appear on this bill.',
  ].filter(Boolean).join(' ');
  return p.paragraph(text, x, y, w, { size, color: GRAY });
}

const MONTH_ABBR = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Thirteen-month usage bar chart (more numbers near the real usage). Drawn only when it fits
 * above `limit`; returns the y below it, or `y` when skipped.
 */
export function drawUsageHistory(p: Painter, ctx: BillContext, x: number, y: number, w: number, limit: number): number {
  const { bill } = ctx;
  const current = bill.usageAmount ?? bill.services[0]?.usage ?? null;
  const unit = bill.usageUnit ?? bill.services[0]?.unit ?? null;
  const chartH = 70;
  if (current === null || limit - y < chartH + 40) return y;
  const rng = ctx.rng.fork('history');
  const values = Array.from({ length: 13 }, (_, i) => (i === 12 ? current : Math.round(current * rng.range(0.55, 1.4))));
  const max = Math.max(...values);
  let top = p.text(rng.pick(['Usage History', '13-Month Usage', 'Your Usage Over Time', 'Monthly Usage Comparison']) + ` (${ctx.unitLabel(unit)})`, x, y, { size: 9.5, bold: true, color: ctx.accent });
  const slot = w / 13;
  const base = top + chartH + 8;
  const showValues = rng.chance(0.5);
  values.forEach((v, i) => {
    const h = (v / max) * chartH;
    p.rect(x + i * slot + slot * 0.2, base - h, slot * 0.6, h, { fill: i === 12 ? ctx.accent : LIGHT, stroke: i === 12 ? undefined : GRAY, lineWidth: 0.3 });
    const month = MONTH_ABBR[(bill.periodEnd.month - 1 + i) % 12] ?? '';
    p.text(month, x + i * slot + slot / 2, base + 2, { size: 6, align: 'center', color: GRAY });
    if (showValues) p.text(v.toLocaleString('en-US'), x + i * slot + slot / 2, base - h - 8, { size: 5.5, align: 'center', maxWidth: slot - 1 });
  });
  p.line(x, base, x + w, base, { width: 0.5, color: GRAY });
  top = base + 12;
  return top + 4;
}
