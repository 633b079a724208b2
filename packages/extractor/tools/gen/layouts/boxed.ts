/** Layout families that break the page into cards or panels, or change the page shape. */
import { drawAccountSummary, drawCharges, drawFields, drawHeader, drawMailing, drawMeterReadings, drawPhrase, drawServiceAddress, drawSmallPrint, drawUsageHistory } from '../blocks.ts';
import { daysBetween } from '../dates.ts';
import { GRAY, LIGHT, type Painter } from '../pdf-kit.ts';
import type { BillContext } from '../context.ts';
import type { WordedField } from '../wordings.ts';
import { addPage, type LayoutFamily } from './family.ts';

const M = 36;

function card(p: Painter, ctx: BillContext, field: WordedField, x: number, y: number, w: number, h: number, big: boolean): void {
  p.rect(x, y, w, h, { stroke: ctx.accent, lineWidth: 1.2, fill: big ? LIGHT : undefined });
  drawPhrase(p, ctx.phrase(field), x + 10, y + 10, w - 20, 'stacked', { size: big ? 16 : 12, emphasize: big });
}

export const cards: LayoutFamily = {
  id: 'cards',
  description: 'Modern statement of boxed cards: amount, due date and account across the top',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['helvetica', 'times'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    let top = drawHeader(p, ctx, M, M, w, { size: 18 });
    const gap = 12;
    const cw = (w - 2 * gap) / 3;
    card(p, ctx, 'total', M, top + 6, cw, 76, true);
    card(p, ctx, 'due', M + cw + gap, top + 6, cw, 76, false);
    card(p, ctx, 'account', M + 2 * (cw + gap), top + 6, cw, 76, false);
    top += 96;
    const hw = (w - gap) / 2;
    p.rect(M, top, hw, 92, { stroke: GRAY });
    let l = drawFields(p, ctx, ['period', 'statement'], M + 10, top + 10, hw - 20, 'stacked', 10);
    l = p.text(`${ctx.label('days')}: ${daysBetween(ctx.bill.periodStart, ctx.bill.periodEnd)}`, M + 10, l, { size: 9 });
    p.rect(M + hw + gap, top, hw, 92, { stroke: GRAY });
    let r = top + 10;
    if (ctx.bill.usageAmount !== null) r = drawPhrase(p, ctx.phrase('usage'), M + hw + gap + 10, r, hw - 20, 'stacked', { size: 14 });
    else r = p.text('Unlimited data plan - no usage charges', M + hw + gap + 10, r, { size: 10 });
    drawServiceAddress(p, ctx, M + hw + gap + 10, r + 2, hw - 20, 8.5);
    top = Math.max(l, top + 92) + gap;
    const boxTop = top;
    const s = drawAccountSummary(p, ctx, M + 10, top + 10, hw - 20, { title: 'Balance', size: 9 });
    const c = drawCharges(p, ctx, M + hw + gap + 10, top + 10, hw - 20, { title: 'New charges', size: 8.5 });
    const boxBottom = Math.max(s, c) + 6;
    p.rect(M, boxTop, hw, boxBottom - boxTop, { stroke: GRAY });
    p.rect(M + hw + gap, boxTop, hw, boxBottom - boxTop, { stroke: GRAY });
    top = drawMeterReadings(p, ctx, M, boxBottom + gap, w);
    top = drawMailing(p, ctx, M, top + 8, 9);
    top = drawSmallPrint(p, ctx, M, top + 6, w);
    drawUsageHistory(p, ctx, M, top + 10, w / 2, p.height - M);
  },
};

export const landscape: LayoutFamily = {
  id: 'landscape',
  description: 'Landscape page in three panels: account, charges, payment panel',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['helvetica', 'times', 'courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts, [792, 612]);
    const pw = (p.width - 2 * M - 40) / 3;
    const x2 = M + pw + 20;
    const x3 = x2 + pw + 20;
    p.line(x2 - 10, M, x2 - 10, p.height - M, { color: GRAY });
    p.line(x3 - 10, M, x3 - 10, p.height - M, { color: GRAY, dash: [3, 3] });
    let a = drawHeader(p, ctx, M, M, pw, { size: 15 });
    a = drawMailing(p, ctx, M, a + 8, 10.5);
    a = drawFields(p, ctx, ['account', 'statement', 'period', 'days'], M, a + 8, pw, 'row', 10);
    a = drawServiceAddress(p, ctx, M, a + 6, pw, 10);
    a = drawMeterReadings(p, ctx, M, a + 6, pw, { size: 9 });
    drawSmallPrint(p, ctx, M, a + 6, pw, 7.5);
    let b = drawAccountSummary(p, ctx, x2, M, pw, { title: 'Account Activity', size: 10, leaders: true });
    b = drawCharges(p, ctx, x2, b + 12, pw, { title: 'Current Charges', size: 9, leaders: true });
    drawUsageHistory(p, ctx, x2, b + 16, pw, p.height - M);
    let c = p.text('PAYMENT COUPON', x3, M, { size: 13, bold: true, color: ctx.accent });
    c = drawPhrase(p, ctx.phrase('total'), x3, c + 10, pw, 'stacked', { size: 20, emphasize: true });
    c = drawPhrase(p, ctx.phrase('due'), x3, c + 6, pw, 'stacked', { size: 13 });
    c = p.row(ctx.altLabel('account'), ctx.bill.accountNumber, x3, c + 8, pw, { size: 10.5 });
    c = p.text(`${ctx.label('enclosed')}`, x3, c + 10, { size: 10.5, bold: true });
    p.rect(x3, c + 2, pw, 28, { stroke: GRAY });
    p.text('$', x3 + 4, c + 10, { size: 11 });
    c = p.text(`Remit to: ${ctx.bill.provider.name}`, x3, c + 42, { size: 9.5, maxWidth: pw });
    c = p.text(ctx.bill.extras.poBox, x3, c, { size: 9.5 });
    drawMailing(p, ctx, x3 + 10, c + 30, 10);
  },
};

export const receipt: LayoutFamily = {
  id: 'receipt',
  description: 'Narrow receipt-style statement in a monospace font with dot leaders',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts, [288, 820]);
    const m = 16;
    const w = p.width - 2 * m;
    const cx = p.width / 2;
    const { bill } = ctx;
    let top = p.text(bill.provider.name.toUpperCase(), cx, m, { size: 10, bold: true, align: 'center', maxWidth: w });
    top = p.text(bill.extras.poBox, cx, top, { size: 7.5, align: 'center' });
    top = p.text(bill.extras.phone, cx, top, { size: 7.5, align: 'center' });
    const rule = (y: number) => p.text('='.repeat(Math.floor(w / p.measure('=', 7.5))), m, y, { size: 7.5 });
    top = rule(top + 2);
    top = p.text(bill.customerName, m, top, { size: 8 });
    top = p.paragraph(bill.serviceAddress, m, top, w, { size: 8 });
    top = rule(top + 2);
    top = drawFields(p, ctx, ['account', 'statement', 'period', 'due', 'days'], m, top, w, 'leaders', 7.5);
    top = rule(top);
    if (bill.usageAmount !== null) top = drawPhrase(p, ctx.phrase('usage'), m, top, w, 'leaders', { size: 7.5 });
    for (const s of bill.services) {
      if (s.meter === null) continue;
      top = p.row(ctx.common('meter'), s.meter.number, m, top, w, { size: 7, leaders: true });
      top = p.row(ctx.common('previousRead'), s.meter.previousRead.toLocaleString('en-US'), m, top, w, { size: 7, leaders: true });
      top = p.row(ctx.common('currentRead'), s.meter.currentRead.toLocaleString('en-US'), m, top, w, { size: 7, leaders: true });
    }
    top = rule(top);
    for (const item of bill.items) {
      top = p.row(item.description.toUpperCase(), ctx.money(item.cents), m, top, w, { size: 7, leaders: true });
      if (item.kind === 'variable' && item.quantity !== null) top = p.text(`  ${item.quantity} ${item.unit ?? ''} X ${item.rate ?? ''}`, m, top - 2, { size: 6.5, color: GRAY }) + 1;
    }
    top = rule(top);
    top = drawAccountSummary(p, ctx, m, top, w, { size: 7.5, leaders: true });
    top = rule(top);
    top = p.text(`${ctx.label('enclosed')}: $__________`, m, top + 4, { size: 8 });
    top = drawSmallPrint(p, ctx, m, top + 8, w, 6);
    // A receipt is as long as its content: crop the unused paper below.
    const bottom = Math.min(p.height, top + m);
    p.page.setMediaBox(0, p.height - bottom, p.width, bottom);
  },
};

export const letter: LayoutFamily = {
  id: 'letter',
  description: 'A letter: window address, salutation, paragraphs that carry the key fields',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['times', 'helvetica'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const m = 60;
    const w = p.width - 2 * m;
    const { bill } = ctx;
    let top = drawHeader(p, ctx, m, 40, w, { size: 14, center: true, mark: false });
    p.line(m, top, m + w, top, { color: ctx.accent, width: 1.5 });
    const mailTop = top + 30;
    top = drawMailing(p, ctx, m, mailTop, 10.5);
    const right = drawFields(p, ctx, ['statement', 'account'], m + w * 0.5, mailTop, w * 0.5, 'inline', 9);
    top = Math.max(top, right) + 20;
    const first = bill.customerName.split(' ')[0] ?? '';
    top = p.text(`Dear ${first.charAt(0)}${first.slice(1).toLowerCase()},`, m, top, { size: 11 });
    top = p.paragraph(`Thank you for choosing ${bill.provider.aliases[0] ?? bill.provider.name}. This letter is your statement for service at ${bill.serviceAddress}.`, m, top + 6, w, { size: 10.5 });
    const sentence = (field: WordedField) => {
      const ph = ctx.phrase(field);
      return ph.kind === 'sentence' ? ph.text : `${ph.label}: ${ph.value}.`;
    };
    const usage = bill.usageAmount === null ? '' : ` ${sentence('usage')}`;
    top = p.paragraph(`${sentence('period')}${usage}`, m, top + 8, w, { size: 10.5 });
    top = p.paragraph(`${sentence('total')} ${sentence('due')}`, m, top + 8, w, { size: 10.5, bold: true });
    top = drawAccountSummary(p, ctx, m + 40, top + 14, w - 80, { size: 10, leaders: true });
    top = drawCharges(p, ctx, m + 40, top + 10, w - 80, { size: 9, leaders: true });
    top = drawMeterReadings(p, ctx, m, top + 8, w, { size: 8 });
    top = p.paragraph(`If you have already paid, thank you. Questions about this statement? Call ${bill.extras.phone}, Monday to Friday.`, m, top + 8, w, { size: 10 });
    top = p.text('Sincerely,', m, top + 10, { size: 10.5 });
    top = p.text('Customer Accounts Department', m, top + 16, { size: 10.5 });
    drawSmallPrint(p, ctx, m, top + 14, w, 7);
  },
};
