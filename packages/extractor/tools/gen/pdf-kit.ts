/**
 * A thin drawing layer over pdf-lib with top-left coordinates (y grows downwards, like the
 * reader's text items), text that shrinks to fit its box instead of overlapping, dot leaders,
 * boxes and simple tables.
 */
import { rgb, StandardFonts, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export type FontFamily = 'helvetica' | 'times' | 'courier';

export interface FontPair {
  regular: PDFFont;
  bold: PDFFont;
}

const FAMILY_FONTS: Record<FontFamily, [StandardFonts, StandardFonts]> = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
};

export async function embedFamily(doc: PDFDocument, family: FontFamily): Promise<FontPair> {
  const [regular, bold] = FAMILY_FONTS[family];
  return { regular: await doc.embedFont(regular), bold: await doc.embedFont(bold) };
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Text wider than this is drawn smaller (down to 50%), then cut. */
  maxWidth?: number;
  color?: RGB;
  font?: FontPair;
}

export const GRAY = rgb(0.45, 0.45, 0.45);
export const LIGHT = rgb(0.9, 0.9, 0.9);
export const BLACK = rgb(0, 0, 0);

export class Painter {
  readonly width: number;
  readonly height: number;

  constructor(readonly page: PDFPage, readonly fonts: FontPair, readonly accent: RGB) {
    const { width, height } = page.getSize();
    this.width = width;
    this.height = height;
  }

  measure(text: string, size: number, bold = false, font = this.fonts): number {
    return (bold ? font.bold : font.regular).widthOfTextAtSize(text, size);
  }

  /** Draws one line of text whose top is at `y`; returns the y below it. */
  text(text: string, x: number, y: number, opts: TextOptions = {}): number {
    const fonts = opts.font ?? this.fonts;
    const font = opts.bold ? fonts.bold : fonts.regular;
    let size = opts.size ?? 10;
    let shown = text;
    if (opts.maxWidth !== undefined) {
      const w = font.widthOfTextAtSize(shown, size);
      if (w > opts.maxWidth) size = Math.max(size * 0.5, (size * opts.maxWidth) / w);
      while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > opts.maxWidth) shown = shown.slice(0, -1);
    }
    const w = font.widthOfTextAtSize(shown, size);
    const left = opts.align === 'right' ? x - w : opts.align === 'center' ? x - w / 2 : x;
    this.page.drawText(shown, { x: left, y: this.height - y - size * 0.8, size, font, color: opts.color ?? BLACK });
    return y + size * 1.25;
  }

  /** Word-wrapped paragraph; returns the y below it. */
  paragraph(text: string, x: number, y: number, width: number, opts: TextOptions = {}): number {
    const size = opts.size ?? 9;
    const words = text.split(/\s+/);
    let line = '';
    let top = y;
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.measure(next, size, opts.bold, opts.font) > width) {
        top = this.text(line, x, top, { ...opts, size });
        line = word;
      } else line = next;
    }
    if (line) top = this.text(line, x, top, { ...opts, size, maxWidth: width });
    return top;
  }

  /** Label at the left, value right-aligned at `x + width`, optionally joined by dot leaders. */
  row(label: string, value: string, x: number, y: number, width: number, opts: TextOptions & { leaders?: boolean; boldValue?: boolean; boldLabel?: boolean } = {}): number {
    const size = opts.size ?? 10;
    const valueWidth = this.measure(value, size, opts.boldValue);
    const labelWidth = this.measure(label, size, opts.boldLabel);
    if (labelWidth + valueWidth + 8 > width && value !== '') {
      // No room on one line: the value goes right-aligned on the next line, as narrow bills do.
      const below = this.text(label, x, y, { size, bold: opts.boldLabel, maxWidth: width, font: opts.font });
      this.text(value, x + width, below - size * 0.1, { size, bold: opts.boldValue, align: 'right', font: opts.font, maxWidth: width });
      return below + size * 1.35;
    }
    const labelRoom = Math.max(20, width - valueWidth - 8);
    this.text(label, x, y, { size, bold: opts.boldLabel, maxWidth: labelRoom, font: opts.font });
    this.text(value, x + width, y, { size, bold: opts.boldValue, align: 'right', font: opts.font });
    if (opts.leaders) {
      const start = x + Math.min(this.measure(label, size, opts.boldLabel), labelRoom) + 4;
      const end = x + width - valueWidth - 4;
      const dot = this.measure('.', size);
      if (end - start > dot * 3) this.text('.'.repeat(Math.floor((end - start) / dot)), start, y, { size, color: GRAY, font: opts.font });
    }
    return y + size * 1.45;
  }

  rect(x: number, y: number, w: number, h: number, opts: { fill?: RGB; stroke?: RGB; lineWidth?: number } = {}): void {
    this.page.drawRectangle({
      x, y: this.height - y - h, width: w, height: h,
      color: opts.fill, borderColor: opts.stroke, borderWidth: opts.stroke ? (opts.lineWidth ?? 0.8) : 0,
    });
  }

  circle(cx: number, cy: number, r: number, fill: RGB): void {
    this.page.drawCircle({ x: cx, y: this.height - cy, size: r, color: fill });
  }

  line(x1: number, y1: number, x2: number, y2: number, opts: { color?: RGB; width?: number; dash?: number[] } = {}): void {
    this.page.drawLine({
      start: { x: x1, y: this.height - y1 }, end: { x: x2, y: this.height - y2 },
      thickness: opts.width ?? 0.7, color: opts.color ?? BLACK, dashArray: opts.dash,
    });
  }

  /** A table with a header row; values sit in cells under their headers. Returns the y below. */
  table(x: number, y: number, columns: { header: string; width: number; align?: 'left' | 'right' }[], rows: string[][], opts: { size?: number; grid?: boolean; headerFill?: RGB; boldHeader?: boolean } = {}): number {
    const size = opts.size ?? 9;
    const rowH = size * 1.7;
    const total = columns.reduce((s, c) => s + c.width, 0);
    if (opts.headerFill) this.rect(x, y, total, rowH, { fill: opts.headerFill });
    const cell = (text: string, col: { width: number; align?: 'left' | 'right' }, left: number, top: number, bold: boolean) => {
      const pad = 3;
      const right = col.align === 'right';
      this.text(text, right ? left + col.width - pad : left + pad, top + size * 0.35, { size, bold, align: right ? 'right' : 'left', maxWidth: col.width - pad * 2 });
    };
    let left = x;
    for (const col of columns) {
      cell(col.header, col, left, y, opts.boldHeader ?? true);
      left += col.width;
    }
    let top = y + rowH;
    if (!opts.grid) this.line(x, top, x + total, top, { width: 0.6 });
    for (const r of rows) {
      left = x;
      columns.forEach((col, i) => {
        cell(r[i] ?? '', col, left, top, false);
        left += col.width;
      });
      top += rowH;
    }
    if (opts.grid) {
      this.rect(x, y, total, top - y, { stroke: BLACK, lineWidth: 0.6 });
      for (let yy = y + rowH; yy < top - 1; yy += rowH) this.line(x, yy, x + total, yy, { width: 0.4 });
      left = x;
      for (const col of columns.slice(0, -1)) {
        left += col.width;
        this.line(left, y, left, top, { width: 0.4 });
      }
    }
    return top + 4;
  }
}
