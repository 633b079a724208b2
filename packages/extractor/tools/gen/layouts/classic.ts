/** Layout families built around a remittance stub, two columns or a header table. */
import { drawAccountSummary, drawCharges, drawFields, drawHeader, drawMailing, drawMeterReadings, drawPhrase, drawServiceAddress, drawSmallPrint, drawStub, drawUsageHistory } from '../blocks.ts';
import { GRAY, LIGHT } from '../pdf-kit.ts';
import { addPage, type LayoutFamily } from './family.ts';

const M = 40;

export const stubBottom: LayoutFamily = {
  id: 'stub-bottom',
  description: 'Classic one-pager: account box top right, summary and charges, coupon at the bottom',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['helvetica', 'times'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    let left = drawHeader(p, ctx, M, M, w * 0.55);
    left = drawMailing(p, ctx, M + 10, left + 14);
    const bx = M + w * 0.58;
    const bw = w * 0.42;
    // The box grows with its content (sentence wordings wrap).
    const boxBottom = Math.max(M + 118, drawFields(p, ctx, ['account', 'statement', 'period', 'due', 'total'], bx + 8, M + 8, bw - 16, 'row', 9) + 4);
    p.rect(bx, M, bw, boxBottom - M, { stroke: ctx.accent, lineWidth: 1 });
    let top = Math.max(left, boxBottom + 8) + 8;
    top = drawServiceAddress(p, ctx, M, top, w);
    const half = w / 2 - 10;
    const s = drawAccountSummary(p, ctx, M, top, half, { title: 'Account Summary', size: 9 });
    const c = drawCharges(p, ctx, M + w / 2 + 10, top, half, { title: 'Current Charges Detail', size: 8.5 });
    top = Math.max(s, c) + 6;
    top = drawMeterReadings(p, ctx, M, top, w);
    top = drawSmallPrint(p, ctx, M, top + 4, w);
    drawUsageHistory(p, ctx, M, top + 10, w * 0.6, p.height - 205);
    drawStub(p, ctx, M, p.height - 200, w);
  },
};

export const stubTop: LayoutFamily = {
  id: 'stub-top',
  description: 'Payment coupon across the top, cut line, then the statement',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['helvetica', 'times', 'courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    p.text(ctx.bill.provider.name, M, M - 10, { size: 11, bold: true, maxWidth: w / 2 });
    let top = drawStub(p, ctx, M, M + 6, w, { cutAbove: false, size: 9 });
    p.line(M, top, M + w, top, { dash: [4, 3], color: GRAY });
    p.text('- - Detach here - - Keep the lower portion for your records - -', M + w / 2, top + 3, { size: 7, color: GRAY, align: 'center' });
    top += 20;
    top = drawHeader(p, ctx, M, top, w, { size: 14 });
    const colW = w / 2 - 10;
    let a = drawPhrase(p, { kind: 'pair', label: ctx.common('customer'), value: ctx.bill.customerName }, M, top, colW, 'stacked', { size: 10 });
    a = drawServiceAddress(p, ctx, M, a, colW);
    const b = drawFields(p, ctx, ['account', 'statement', 'period', 'due'], M + w / 2 + 10, top, colW, 'leaders', 9.5);
    top = Math.max(a, b) + 8;
    top = drawAccountSummary(p, ctx, M, top, w, { title: 'Summary of Account Activity', leaders: true, size: 9.5 });
    top = drawCharges(p, ctx, M, top + 6, w, { table: true, title: 'Details of Current Charges' });
    top = drawMeterReadings(p, ctx, M, top + 4, w, { grid: true });
    drawSmallPrint(p, ctx, M, top + 6, w);
  },
};

export const twoColumn: LayoutFamily = {
  id: 'two-column',
  description: 'Header band, left column of account facts and usage, right column of money',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['helvetica', 'times'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    p.rect(0, 0, p.width, 70, { fill: LIGHT });
    drawHeader(p, ctx, M, 16, w, { size: 15 });
    const lw = w * 0.42;
    const rx = M + lw + 24;
    const rw = w - lw - 24;
    p.line(M + lw + 12, 90, M + lw + 12, 560, { color: GRAY });
    let l = drawMailing(p, ctx, M, 92, 9.5);
    l = drawFields(p, ctx, ['account', 'statement', 'period', 'days', 'due'], M, l + 10, lw, 'stacked', 10);
    l = drawServiceAddress(p, ctx, M, l + 4, lw);
    if (ctx.bill.usageAmount !== null) l = drawPhrase(p, ctx.phrase('usage'), M, l + 4, lw, 'stacked', { size: 11 });
    l = drawUsageHistory(p, ctx, M, l + 8, lw, 555);
    let r = drawPhrase(p, ctx.phrase('total'), rx, 92, rw, 'stacked', { size: 18, emphasize: true });
    r = drawAccountSummary(p, ctx, rx, r + 10, rw, { title: 'Your Account', size: 9.5 });
    r = drawCharges(p, ctx, rx, r + 10, rw, { title: 'Charges This Period', size: 8.5, leaders: true });
    let top = Math.max(l, r, 560) + 10;
    top = drawMeterReadings(p, ctx, M, top, w);
    drawSmallPrint(p, ctx, M, top + 4, w);
  },
};

export const summaryTable: LayoutFamily = {
  id: 'summary-table',
  description: 'A ruled table whose header cells name the key fields and whose values sit under them',
  shapes: ['residential', 'residential', 'residential', 'internet'],
  fonts: ['helvetica', 'times', 'courier'],
  draw(doc, ctx, fonts) {
    const p = addPage(doc, ctx, fonts);
    const w = p.width - 2 * M;
    let top = drawHeader(p, ctx, M, M, w, { size: 15, mark: false });
    top = drawMailing(p, ctx, M, top + 8, 9.5);
    const { bill } = ctx;
    const cells = [
      { header: ctx.label('account'), width: w * 0.24, value: bill.accountNumber },
      { header: ctx.label('statement'), width: w * 0.18, value: ctx.date(bill.statementDate) },
      { header: ctx.label('period'), width: w * 0.22, value: ctx.range(bill.periodStart, bill.periodEnd) },
      { header: ctx.label('due'), width: w * 0.16, value: ctx.date(bill.dueDate) },
    ];
    // The amount column closes the row; the other columns come in the bill's own order.
    const ordered = ctx.shuffleFields ? ctx.rng.sample(cells, cells.length) : cells;
    const cols = [...ordered, { header: ctx.label('total'), width: w * 0.2, align: 'right' as const, value: ctx.money(bill.totalCents) }];
    top = p.table(M, top + 6, cols, [cols.map((c) => c.value)], { grid: true, size: 8.5, headerFill: LIGHT });
    top = drawServiceAddress(p, ctx, M, top + 6, w);
    const sumCols = [
      { header: ctx.label('previous'), width: w / 4, align: 'right' as const },
      { header: ctx.label('payments'), width: w / 4, align: 'right' as const },
      { header: ctx.label('current'), width: w / 4, align: 'right' as const },
      { header: ctx.altLabel('total'), width: w / 4, align: 'right' as const },
    ];
    const late = bill.lateFeeCents > 0 ? [[`incl. late fee ${ctx.money(bill.lateFeeCents)}`, '', '', '']] : [];
    top = p.table(M, top + 4, sumCols, [[ctx.money(bill.previousCents), ctx.money(bill.paymentCents, true), ctx.money(bill.currentCents), ctx.money(bill.totalCents)], ...late], { grid: true, size: 9 });
    top = drawCharges(p, ctx, M, top + 10, w, { table: true, title: 'Charge Details' });
    top = drawMeterReadings(p, ctx, M, top + 6, w, { grid: true });
    top = drawSmallPrint(p, ctx, M, top + 6, w);
    drawUsageHistory(p, ctx, M + w * 0.2, top + 12, w * 0.6, p.height - 40);
  },
};
