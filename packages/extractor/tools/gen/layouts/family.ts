/** What a layout family is: the bill shapes it can print and how it draws them. */
import type { PDFDocument } from 'pdf-lib';
import type { BillContext } from '../context.ts';
import type { BillShape } from '../model.ts';
import { Painter, type FontFamily, type FontPair } from '../pdf-kit.ts';

export interface LayoutFamily {
  id: string;
  description: string;
  /** Bill shapes it prints; a shape listed twice is drawn twice as often. */
  shapes: readonly BillShape[];
  fonts: readonly FontFamily[];
  /** Prints the total only on page 2: only PDF forms can carry it. */
  totalOnLaterPage?: boolean;
  draw(doc: PDFDocument, ctx: BillContext, fonts: FontPair): void;
}

export const LETTER: [number, number] = [612, 792];

export function addPage(doc: PDFDocument, ctx: BillContext, fonts: FontPair, size: [number, number] = LETTER): Painter {
  return new Painter(doc.addPage(size), fonts, ctx.accent);
}
