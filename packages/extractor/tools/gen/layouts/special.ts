/** Layout families tied to a kind of bill: two pages, municipal multi-service, commercial meters. */
import { drawAccountSummary, drawCharges, drawFields, drawHeader, drawMailing, drawMeterReadings, drawPhrase, drawServiceAddress, drawSmallPrint, drawStub, drawUsageHistory } from '../blocks.ts';
import { SMUDGE } from '../context.ts';
import { daysBetween } from '../dates.ts';
import { GRAY, LIGHT } from '../pdf-kit.ts';
import { addPage, type LayoutFamily } from './family.ts';

const M = 40;

export const multipageTotalP2: LayoutFamily = {
  id: 'multipage-total-p2',
  description: 'Two pages: usage and charge detail first, the account summary with the total on page 2',
  shapes: ['residential'],
  fonts: ['helvetica', 'times'],
  totalOnLaterPage: true,
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    const { bill } = ctx;
    let top = drawHeader(p, ctx, M, M, w);
    top = drawMailing(p, ctx, M, top + 10);
    top = drawFields(p, ctx, ['account', 'statement', 'period', 'days'], M, top + 6, w * 0.6, 'leaders', 10);
    top = drawServiceAddress(p, ctx, M, top + 4, w);
    top = p.text('Your Energy Use', M, top + 8, { size: 13, bold: true, color: ctx.accent });
    if (bill.usageAmount !== null) top = drawPhrase(p, ctx.phrase('usage'), M, top + 4, w * 0.6, 'row', { size: 11 });
    top = drawMeterReadings(p, ctx, M, top + 4, w);
    top = drawCharges(p, ctx, M, top + 8, w, { table: true, title: 'Detail of Current Charges' });
    top = drawUsageHistory(p, ctx, M, top + 10, w * 0.7, p.height - M - 12);
    p.text('Page 1 of 2 - Your account summary and payment coupon are on page 2.', M, p.height - M, { size: 8, color: GRAY });
    void top;

    const q = addPage(doc, ctx, fonts);
    let t = q.text(`${bill.provider.name}  -  ${ctx.label('account')} ${bill.accountNumber}`, M, M, { size: 10, bold: true, maxWidth: w });
    t = q.text('Account Summary', M, t + 12, { size: 14, bold: true, color: ctx.accent });
    t = drawAccountSummary(q, ctx, M, t + 6, w * 0.7, { size: 11, leaders: true });
    t = drawPhrase(q, ctx.phrase('due'), M, t + 6, w * 0.7, 'leaders', { size: 11 });
    t = drawSmallPrint(q, ctx, M, t + 12, w);
    q.text('Page 2 of 2', M, q.height - M, { size: 8, color: GRAY });
    drawStub(q, ctx, M, q.height - 210, w);
    void t;
  },
};

export const municipal: LayoutFamily = {
  id: 'municipal',
  description: 'City utility bill: water, wastewater and trash, each with its own usage and charges',
  shapes: ['municipal'],
  fonts: ['helvetica', 'times', 'courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    const { bill } = ctx;
    let top = drawHeader(p, ctx, M, M, w * 0.6, { size: 14 });
    const bx = M + w * 0.62;
    const bw = w * 0.38;
    const boxBottom = Math.max(M + 96, drawFields(p, ctx, ['account', 'statement', 'due', 'total'], bx + 6, M + 6, bw - 12, 'row', 9) + 4);
    p.rect(bx, M, bw, boxBottom - M, { stroke: ctx.accent, lineWidth: 1.2 });
    top = Math.max(top, boxBottom + 8);
    top = drawMailing(p, ctx, M, top + 4, 9.5);
    top = drawServiceAddress(p, ctx, M, top, w);
    top = drawPhrase(p, ctx.phrase('period'), M, top + 2, w, 'inline', { size: 9.5 });
    top = p.text(`${ctx.label('days')}: ${daysBetween(bill.periodStart, bill.periodEnd)}`, M, top, { size: 9.5 });
    const cols = [
      { header: 'Service', width: w * 0.2 },
      { header: ctx.common('meter'), width: w * 0.16 },
      { header: ctx.common('previousRead'), width: w * 0.16, align: 'right' as const },
      { header: ctx.common('currentRead'), width: w * 0.16, align: 'right' as const },
      { header: ctx.label('usage'), width: w * 0.16, align: 'right' as const },
      { header: 'Charges', width: w * 0.16, align: 'right' as const },
    ];
    const rows = bill.services.map((s, i) => [
      s.name,
      s.meter?.number ?? '',
      s.meter ? s.meter.previousRead.toLocaleString('en-US') : '',
      s.meter ? s.meter.currentRead.toLocaleString('en-US') : '',
      s.usage === null ? '' : `${s.usage.toLocaleString('en-US')} ${ctx.unitLabel(s.unit)}`,
      ctx.money(bill.items.filter((it) => it.service === i).reduce((sum, it) => sum + it.cents, 0)),
    ]);
    top = p.table(M, top + 8, cols, rows, { size: 8.5, grid: true, headerFill: LIGHT });
    const half = w / 2 - 10;
    let left = top + 6;
    bill.services.forEach((s, i) => {
      if (i === 2) return;
      left = drawCharges(p, ctx, M, left, half, { service: i, title: `${s.name} Charges`, size: 8.5 }) + 4;
    });
    let right = drawCharges(p, ctx, M + w / 2 + 10, top + 6, half, { service: 2, title: `${bill.services[2]?.name ?? 'Other'} Charges`, size: 8.5 }) + 4;
    right = drawAccountSummary(p, ctx, M + w / 2 + 10, right + 4, half, { title: 'Account Summary', size: 9 });
    top = Math.max(left, right) + 4;
    top = drawSmallPrint(p, ctx, M, top, w);
    drawUsageHistory(p, ctx, M, top + 8, w * 0.55, p.height - 195);
    drawStub(p, ctx, M, p.height - 190, w);
  },
};

export const commercialMultimeter: LayoutFamily = {
  id: 'commercial-multimeter',
  description: 'Commercial electric bill: several meters with multipliers, billed kWh total and kW demand',
  shapes: ['commercial'],
  fonts: ['helvetica', 'courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    const { bill } = ctx;
    let top = drawHeader(p, ctx, M, M, w * 0.6, { size: 14 });
    const fieldsBottom = drawFields(p, ctx, ['account', 'statement', 'period', 'due', 'total'], M + w * 0.62, M, w * 0.38, 'row', 9);
    top = Math.max(top, fieldsBottom + 8, M + 80);
    const mailBottom = drawMailing(p, ctx, M, top, 9.5);
    const addr = drawServiceAddress(p, ctx, M + w / 2, top, w / 2, 9);
    top = Math.max(mailBottom, addr) + 4;
    top = p.text('METER READINGS', M, top, { size: 11, bold: true, color: ctx.accent });
    const cols = [
      { header: ctx.common('meter'), width: w * 0.14 },
      { header: 'Read Dates', width: w * 0.32 },
      { header: ctx.common('previousRead'), width: w * 0.15, align: 'right' as const },
      { header: ctx.common('currentRead'), width: w * 0.15, align: 'right' as const },
      { header: ctx.common('multiplier'), width: w * 0.1, align: 'right' as const },
      { header: 'kWh', width: w * 0.14, align: 'right' as const },
    ];
    const rows = bill.services.map((s, i) => {
      const readable = ctx.readableMeters === undefined || i < ctx.readableMeters;
      const shown = (n: number) => (readable ? n.toLocaleString('en-US') : SMUDGE);
      return [
        s.meter?.number ?? '',
        ctx.range(s.start, s.end),
        shown(s.meter?.previousRead ?? 0),
        shown(s.meter?.currentRead ?? 0),
        String(s.meter?.multiplier ?? 1),
        shown(s.usage ?? 0),
      ];
    });
    top = p.table(M, top + 2, cols, rows, { size: 8.5, grid: true, headerFill: LIGHT });
    // An unreadable usage line (damage 'usage') smudges the billed total; the meters stay readable.
    const billedKwh = ctx.unreadable.has('usage') ? SMUDGE : `${(bill.usageAmount ?? 0).toLocaleString('en-US')} kWh`;
    top = p.row(`Total Billed kWh`, billedKwh, M + w * 0.5, top + 2, w * 0.5, { size: 9.5, boldLabel: true, boldValue: true });
    top = p.row(ctx.common('demand'), `${bill.extras.demandKw ?? 0} kW`, M + w * 0.5, top, w * 0.5, { size: 9.5 });
    const lf = bill.usageAmount !== null && bill.extras.demandKw ? ((bill.usageAmount / (bill.extras.demandKw * 24 * daysBetween(bill.periodStart, bill.periodEnd))) * 100).toFixed(1) : '0';
    top = p.row('Load Factor', `${lf}%`, M + w * 0.5, top, w * 0.5, { size: 9.5 });
    top = drawCharges(p, ctx, M, top + 8, w, { table: true, title: 'Charges for Electric Service' });
    top = drawAccountSummary(p, ctx, M + w * 0.45, top + 6, w * 0.55, { title: 'Account Summary', size: 9.5, leaders: true });
    drawSmallPrint(p, ctx, M, top + 6, w);
    drawStub(p, ctx, M, p.height - 190, w);
    void drawMeterReadings;
  },
};
