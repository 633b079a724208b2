/**
 * Generates one bill: picks a layout family, wording set, date format and form for bill number
 * `index` of run `seed`, draws the PDF and derives the requested form. Deterministic: the same
 * seed, index and filters give byte-identical output.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { type BillDamage, createContext } from './context.ts';
import { CA_DATE_FORMATS, US_DATE_FORMATS } from './dates.ts';
import { LAYOUTS } from './layouts/index.ts';
import { createBillModel } from './model.ts';
import { embedFamily } from './pdf-kit.ts';
import { Rng } from './random.ts';
import { makeJpegPhoto, makePngScan, makeScannedPdf } from './raster.ts';
import { buildTruth, type BillForm, type BillTruth } from './truth.ts';
import { drawBackPage } from './back-page.ts';
import type { WordingId } from './wordings.ts';

export const FORMS: BillForm[] = ['text-pdf', 'multipage-pdf', 'scanned-pdf', 'png-scan', 'jpeg-photo'];

export interface GenerateOptions {
  seed: string;
  forms: readonly BillForm[];
  layouts: readonly string[];
  wordings: readonly WordingId[];
  /** Image forms at sizes small enough to commit as fixtures. */
  compact?: boolean;
  /** Lines made unreadable, or a notice amount printed by the charges (tests of what the reader misses). */
  damage?: BillDamage;
}

export interface GeneratedBill {
  name: string;
  extension: 'pdf' | 'png' | 'jpg';
  bytes: Uint8Array;
  truth: BillTruth;
}

const ACCENTS = [rgb(0, 0.3, 0.6), rgb(0.1, 0.45, 0.2), rgb(0.6, 0.1, 0.1), rgb(0.2, 0.2, 0.2), rgb(0.35, 0.15, 0.5), rgb(0, 0.4, 0.45), rgb(0.75, 0.35, 0)];
/** How often each form is drawn when several are allowed (text PDFs dominate real uploads). */
const FORM_WEIGHTS: Record<BillForm, number> = { 'text-pdf': 5, 'multipage-pdf': 2, 'scanned-pdf': 1, 'png-scan': 1, 'jpeg-photo': 1 };

function pickForm(rng: Rng, allowed: readonly BillForm[]): BillForm {
  const total = allowed.reduce((s, f) => s + FORM_WEIGHTS[f], 0);
  let r = rng.next() * total;
  for (const f of allowed) {
    r -= FORM_WEIGHTS[f];
    if (r < 0) return f;
  }
  return allowed[allowed.length - 1] ?? 'text-pdf';
}

export async function generateBill(index: number, opts: GenerateOptions): Promise<GeneratedBill> {
  const rng = new Rng(`${opts.seed}#${index}`);
  const imageForms = new Set<BillForm>(['scanned-pdf', 'png-scan', 'jpeg-photo']);
  // Each layout is chosen only with forms it can carry (a page-2 total needs a PDF).
  const pairs = LAYOUTS.filter((l) => opts.layouts.includes(l.id)).flatMap((l) =>
    opts.forms.filter((f) => !(l.totalOnLaterPage && (imageForms.has(f) || f === 'text-pdf'))).length > 0 ? [l] : []);
  if (pairs.length === 0 || opts.wordings.length === 0) throw new Error('No layout/form/wording combination matches the filters.');
  const layout = pairs[(index - 1) % pairs.length] ?? rng.pick(pairs);
  const forms = opts.forms.filter((f) => !(layout.totalOnLaterPage && (imageForms.has(f) || f === 'text-pdf')));
  const form = layout.totalOnLaterPage ? 'multipage-pdf' : pickForm(rng, forms);
  const wordingId = rng.pick(opts.wordings);
  const shape = rng.pick(layout.shapes);
  const bill = createBillModel(rng.fork('bill'), shape);
  const dateFormat = rng.pick(bill.currency === 'CAD' ? CA_DATE_FORMATS : US_DATE_FORMATS);
  const family = rng.pick(layout.fonts);
  const ctx = createContext(bill, rng.fork('print'), wordingId, dateFormat, family, rng.pick(ACCENTS), opts.damage);

  const doc = await PDFDocument.create();
  // Fixed metadata dates keep the bytes reproducible.
  const stamp = new Date(Date.UTC(bill.statementDate.year, bill.statementDate.month - 1, bill.statementDate.day));
  doc.setCreationDate(stamp);
  doc.setModificationDate(stamp);
  doc.setProducer('Wattwise bill generator');
  doc.setTitle(`Statement ${bill.accountNumber}`);
  const fonts = await embedFamily(doc, family);
  layout.draw(doc, ctx, fonts);
  if (form === 'multipage-pdf' && !layout.totalOnLaterPage) drawBackPage(doc, ctx, fonts);
  const pdf = await doc.save({ useObjectStreams: false });

  const name = `gen-${opts.seed}-${String(index).padStart(4, '0')}`;
  const truth = buildTruth(ctx, form, layout.id);
  const raster = rng.fork('raster');
  switch (form) {
    case 'text-pdf':
    case 'multipage-pdf':
      return { name, extension: 'pdf', bytes: pdf, truth };
    case 'scanned-pdf':
      return { name, extension: 'pdf', bytes: await makeScannedPdf(pdf, raster), truth };
    case 'png-scan':
      return { name, extension: 'png', bytes: await makePngScan(pdf, raster, opts.compact ? { dpi: 150, compact: true } : {}), truth };
    case 'jpeg-photo':
      return { name, extension: 'jpg', bytes: await makeJpegPhoto(pdf, raster, opts.compact ? { dpi: 110, quality: 60 } : {}), truth };
  }
}
