/** The reverse side printed as page 2 when a one-page layout is asked for as multipage-pdf. */
import type { PDFDocument } from 'pdf-lib';
import type { BillContext } from './context.ts';
import { drawMeterReadings } from './blocks.ts';
import { addPage } from './layouts/family.ts';
import { GRAY, type FontPair } from './pdf-kit.ts';

export function drawBackPage(doc: PDFDocument, ctx: BillContext, fonts: FontPair): void {
  const first = doc.getPage(0).getSize();
  const p = addPage(doc, ctx, fonts, [first.width, first.height]);
  const m = 40;
  const w = p.width - 2 * m;
  const { bill } = ctx;
  let top = p.text(`${bill.provider.name} - Important information about your bill`, m, m, { size: 12, bold: true, maxWidth: w });
  top = p.text(`Page 2 of 2    ${ctx.label('account')}: ${bill.accountNumber}`, m, top + 2, { size: 8, color: GRAY });
  top = drawMeterReadings(p, ctx, m, top + 10, w);
  const terms = [
    ['Late payment', `A late payment charge applies to balances not received by the due date. ${ctx.common('phone')}: ${bill.extras.phone}.`],
    ['Estimated readings', 'When we cannot read your meter, we estimate your usage from past bills and weather. The next actual reading corrects any difference.'],
    ['Payment options', `Pay online, through your bank, by phone, or by mail to ${bill.extras.poBox}. Allow five business days for mailed payments.`],
    ['Disputes', 'If you question a charge, call us before the due date. Undisputed amounts remain due.'],
    ['Definitions', 'Customer charge: a fixed monthly amount that covers metering and billing. Delivery: the cost of bringing service to your premises. Supply: the cost of the energy itself.'],
  ];
  for (const [title, text] of terms) {
    top = p.text(title ?? '', m, top + 6, { size: 9.5, bold: true });
    top = p.paragraph(text ?? '', m, top, w, { size: 8.5 });
  }
}
