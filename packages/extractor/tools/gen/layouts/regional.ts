/** Telecom, Canadian and mainframe-ledger layout families. */
import { drawAccountSummary, drawCharges, drawFields, drawHeader, drawMailing, drawMeterReadings, drawPhrase, drawServiceAddress, drawSmallPrint, drawStub, drawUsageHistory } from '../blocks.ts';
import { daysBetween } from '../dates.ts';
import { GRAY, LIGHT } from '../pdf-kit.ts';
import { addPage, type LayoutFamily } from './family.ts';

const M = 40;

export const telecom: LayoutFamily = {
  id: 'telecom',
  description: 'Internet provider statement: greeting, big total, plan and equipment, data usage',
  shapes: ['internet'],
  fonts: ['helvetica'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    const { bill } = ctx;
    p.rect(0, 0, p.width, 64, { fill: ctx.accent });
    p.text(bill.provider.aliases[0] ?? bill.provider.name, M, 20, { size: 22, bold: true, color: LIGHT });
    p.text(bill.provider.name, p.width - M, 26, { size: 9, align: 'right', color: LIGHT });
    const first = bill.customerName.split(' ')[0] ?? '';
    let top = p.text(`Hi ${first.charAt(0)}${first.slice(1).toLowerCase()}, here's your bill.`, M, 84, { size: 16 });
    top = drawFields(p, ctx, ['account', 'statement', 'period'], M, top + 8, w * 0.5, 'row', 9.5);
    p.rect(M + w * 0.58, 84, w * 0.42, 92, { fill: LIGHT });
    let r = drawPhrase(p, ctx.phrase('total'), M + w * 0.58 + 12, 94, w * 0.42 - 24, 'stacked', { size: 20, emphasize: true });
    r = drawPhrase(p, ctx.phrase('due'), M + w * 0.58 + 12, r + 2, w * 0.42 - 24, 'inline', { size: 9.5 });
    top = Math.max(top, r, 184) + 10;
    top = drawServiceAddress(p, ctx, M, top, w);
    top = drawAccountSummary(p, ctx, M, top + 6, w * 0.6, { title: 'Bill summary', size: 10 });
    top = drawCharges(p, ctx, M, top + 10, w, { title: 'Services & equipment', size: 9.5, leaders: true });
    if (bill.usageAmount !== null) {
      top = p.text('Your data usage', M, top + 10, { size: 12, bold: true, color: ctx.accent });
      const cap = 1229;
      const barW = w * 0.6;
      p.rect(M, top + 4, barW, 12, { stroke: GRAY });
      p.rect(M, top + 4, (barW * Math.min(bill.usageAmount, cap)) / cap, 12, { fill: ctx.accent });
      top = drawPhrase(p, ctx.phrase('usage'), M, top + 22, barW, 'row', { size: 10 });
      top = p.text(`of your 1.2 TB (1,229 GB) monthly allowance. Last month: ${bill.extras.lastYearUsage ?? 0} GB.`, M, top, { size: 8.5, color: GRAY });
    }
    top = p.text(`Download speed: ${ctx.rng.pick([300, 500, 940])} Mbps  ·  Upload: ${ctx.rng.pick([10, 20, 35, 940])} Mbps`, M, top + 8, { size: 8.5, color: GRAY });
    drawSmallPrint(p, ctx, M, top + 6, w);
    drawStub(p, ctx, M, p.height - 190, w);
  },
};

export const canadian: LayoutFamily = {
  id: 'canadian',
  description: 'Canadian bill: CAD, m³ or kWh, GST/HST, day-first dates, bilingual headings',
  shapes: ['canadian'],
  fonts: ['helvetica', 'times'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    const { bill } = ctx;
    let top = drawHeader(p, ctx, M, M, w * 0.58, { size: 14 });
    const bx = M + w * 0.6;
    const bw = w * 0.4;
    let b = p.text('Montant dû / Amount owing', bx + 8, M + 6, { size: 7.5, color: GRAY });
    b = Math.max(M + 110, drawFields(p, ctx, ['total', 'due', 'account'], bx + 8, b + 2, bw - 16, 'stacked', 10) + 4);
    p.rect(bx, M, bw, b - M, { stroke: ctx.accent, lineWidth: 1.5 });
    top = Math.max(top, b + 8) + 4;
    top = drawMailing(p, ctx, M, top, 9.5);
    top = drawServiceAddress(p, ctx, M, top, w);
    top = drawFields(p, ctx, ['statement', 'period'], M, top + 2, w * 0.6, 'row', 9.5);
    top = p.row(ctx.label('days'), String(daysBetween(bill.periodStart, bill.periodEnd)), M, top, w * 0.6, { size: 9.5 });
    if (bill.usageAmount !== null) top = drawPhrase(p, ctx.phrase('usage'), M, top, w * 0.6, 'row', { size: 9.5 });
    top = drawMeterReadings(p, ctx, M, top + 6, w);
    const half = w / 2 - 10;
    const s = drawAccountSummary(p, ctx, M, top + 4, half, { title: 'Sommaire du compte / Account summary', size: 9 });
    const c = drawCharges(p, ctx, M + w / 2 + 10, top + 4, half, { title: 'Frais courants / Current charges', size: 8.5 });
    top = Math.max(s, c) + 6;
    top = p.text(`GST/HST Registration No. ${ctx.rng.digits(9)} RT0001`, M, top, { size: 7.5, color: GRAY });
    top = drawSmallPrint(p, ctx, M, top + 4, w);
    drawUsageHistory(p, ctx, M, top + 8, w * 0.55, p.height - 195);
    drawStub(p, ctx, M, p.height - 190, w);
  },
};

export const ledger: LayoutFamily = {
  id: 'ledger',
  description: 'Mainframe printout: monospace, label....value lines with dot leaders, boxed header',
  shapes: ['residential', 'residential', 'municipal', 'internet'],
  fonts: ['courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    const { bill } = ctx;
    p.rect(M, M, w, 40, { stroke: ctx.accent, lineWidth: 1 });
    p.text(bill.provider.name.toUpperCase(), M + w / 2, M + 6, { size: 12, bold: true, align: 'center', maxWidth: w - 20 });
    p.text(`${bill.extras.poBox}   ${bill.extras.phone}`, M + w / 2, M + 24, { size: 8, align: 'center' });
    let top = M + 52;
    const l = drawFields(p, ctx, ['account', 'statement', 'due'], M, top, w * 0.46, 'leaders', 8.5);
    const r = drawFields(p, ctx, ['period', 'days', 'total'], M + w * 0.54, top, w * 0.46, 'leaders', 8.5);
    top = Math.max(l, r) + 6;
    p.line(M, top, M + w, top);
    const ml = drawMailing(p, ctx, M, top + 8, 9);
    const sa = drawServiceAddress(p, ctx, M + w * 0.54, top + 8, w * 0.46, 8.5);
    top = Math.max(ml, sa) + 6;
    top = drawMeterReadings(p, ctx, M, top, w, { size: 7.5 });
    if (bill.services.length > 1) {
      for (let i = 0; i < bill.services.length; i++) top = drawCharges(p, ctx, M, top + 2, w, { service: i, size: 8, leaders: true });
    } else top = drawCharges(p, ctx, M, top + 4, w, { size: 8, leaders: true });
    p.line(M, top + 2, M + w, top + 2);
    top = drawAccountSummary(p, ctx, M + w * 0.4, top + 8, w * 0.6, { size: 8.5, leaders: true });
    drawSmallPrint(p, ctx, M, top + 6, w, 7);
    drawStub(p, ctx, M, p.height - 190, w, { size: 8.5 });
    void LIGHT;
  },
};
