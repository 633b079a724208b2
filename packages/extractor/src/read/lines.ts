import type { TextItem, TextLine } from '../types.ts';

/**
 * Builds visual lines from positioned pieces of text (PDF text items or OCR words/lines).
 * Pieces whose baselines agree within a tolerance form one line, sorted left to right.
 * The line text keeps the layout readable for rule-based field extraction:
 * - pieces that touch (kerning splits like "Da" + "te") are joined without a space,
 * - ordinary word gaps become one space,
 * - wide gaps (columns: "Amount due      $47.19") become two or more spaces,
 * - letter-spaced runs ("J a n  2 0 ,  2 0 2 1") are closed up into words ("Jan 20, 2021").
 */

/** Gap (in line heights) below which two pieces are one word. */
const TOUCH_GAP = 0.12;
/** Gap (in line heights) from which pieces belong to separate columns. */
const COLUMN_GAP = 1.6;

interface Piece extends TextItem {
  baseline: number;
}

/** A piece of text; `baseline` overrides the box bottom (OCR words share their line's baseline). */
export type PositionedText = TextItem & { baseline?: number };

export interface GroupOptions {
  /**
   * Join pieces that touch into one word (PDF text runs split by kerning). Off for OCR words:
   * tesseract already decided where words end, and its boxes may overlap.
   */
  mergeTouching?: boolean;
}

/** Groups pieces into lines, top to bottom. Pieces must already be in top-down coordinates. */
export function groupIntoLines(items: readonly PositionedText[], options: GroupOptions = {}): TextLine[] {
  const mergeTouching = options.mergeTouching ?? true;
  const pieces: Piece[] = items
    .filter((it) => it.text.trim().length > 0 && it.height > 0)
    .map((it) => ({ ...it, text: it.text.replace(/\s+/g, ' ').trim(), baseline: it.baseline ?? it.y + it.height }));
  pieces.sort((a, b) => a.baseline - b.baseline || a.x - b.x);

  const groups: Piece[][] = [];
  for (const piece of pieces) {
    const group = findLine(groups, piece);
    if (group) group.push(piece);
    else groups.push([piece]);
  }

  const lines = groups.map((group) => buildLine(group, mergeTouching));
  lines.sort((a, b) => a.y + a.height - (b.y + b.height) || a.x - b.x);
  return lines;
}

/** The open line (among the last few) whose baseline and vertical extent match this piece. */
function findLine(groups: Piece[][], piece: Piece): Piece[] | undefined {
  // Pieces arrive sorted by baseline, so only recent groups can match.
  for (let i = groups.length - 1; i >= Math.max(0, groups.length - 6); i--) {
    const group = groups[i];
    if (!group) continue;
    const ref = medianBy(group, (p) => p.baseline);
    const refHeight = medianBy(group, (p) => p.height);
    const minHeight = Math.min(refHeight, piece.height);
    const maxHeight = Math.max(refHeight, piece.height);
    // Different font sizes on one baseline are fine; a big piece spanning two small lines is not.
    const tolerance = minHeight * 0.35;
    if (Math.abs(piece.baseline - ref) <= tolerance && maxHeight <= minHeight * 3.2) {
      // Do not join a piece that horizontally overlaps a piece already on the line
      // (that happens with stacked text printed very close together).
      const overlaps = group.some((p) => overlapX(p, piece) > Math.min(p.width, piece.width) * 0.8);
      if (!overlaps) return group;
    }
  }
  return undefined;
}

function overlapX(a: TextItem, b: TextItem): number {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
}

function medianBy<T>(values: readonly T[], pick: (v: T) => number): number {
  const sorted = values.map(pick).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function buildLine(group: Piece[], mergeTouching: boolean): TextLine {
  group.sort((a, b) => a.x - b.x);
  const height = medianBy(group, (p) => p.height);
  const merged = closeUpLetterSpacing(group, height, mergeTouching);
  let text = '';
  let prev: TextItem | undefined;
  for (const item of merged) {
    if (prev) {
      const sep = separator(item.x - (prev.x + prev.width), Math.min(height, item.height, prev.height));
      text += sep || (mergeTouching ? '' : ' ');
    }
    text += item.text;
    prev = item;
  }
  const x = Math.min(...merged.map((p) => p.x));
  const y = Math.min(...merged.map((p) => p.y));
  const right = Math.max(...merged.map((p) => p.x + p.width));
  const bottom = Math.max(...merged.map((p) => p.y + p.height));
  return {
    text,
    items: merged.map(({ text: t, x: ix, y: iy, width, height: h, confidence }) => ({
      text: t,
      x: ix,
      y: iy,
      width,
      height: h,
      confidence,
    })),
    x,
    y,
    width: right - x,
    height: bottom - y,
  };
}

function separator(gap: number, height: number): string {
  if (gap < TOUCH_GAP * height) return '';
  if (gap < COLUMN_GAP * height) return ' ';
  return ' '.repeat(Math.min(8, Math.max(2, Math.round(gap / (height * 0.8)))));
}

/**
 * Letter-spaced printing comes out as one piece per character with even gaps that are wider than
 * a kerning gap. Within a run of 3+ single characters, gaps close to the run's smallest gap are
 * letter gaps; clearly wider ones are word gaps. Touching pieces are merged too, so kerning
 * splits become one item.
 */
function closeUpLetterSpacing(sorted: Piece[], height: number, mergeTouching: boolean): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < sorted.length) {
    const start = i;
    while (i < sorted.length && isSingleChar(sorted[i]) && (i === start || gapBetween(sorted[i - 1], sorted[i]) < height)) {
      i++;
    }
    const runEnd = i;
    if (runEnd - start >= 3) {
      const run = sorted.slice(start, runEnd);
      const gaps = run.slice(1).map((p, k) => gapBetween(run[k], p));
      const letterGap = Math.max(0, Math.min(...gaps));
      const wordGapMin = letterGap + Math.max(0.2 * height, letterGap * 0.6);
      let current: Piece | undefined;
      run.forEach((p, k) => {
        const gap = k === 0 ? Infinity : (gaps[k - 1] ?? Infinity);
        if (current && gap < wordGapMin) current = mergePieces(current, p);
        else {
          if (current) out.push(current);
          current = { ...p };
        }
      });
      if (current) out.push(current);
    } else {
      i = runEnd === start ? start + 1 : runEnd;
      for (const p of sorted.slice(start, i)) out.push({ ...p });
    }
  }
  if (!mergeTouching) return out;
  // Merge touching neighbours (kerning splits) into single items.
  const result: Piece[] = [];
  for (const p of out) {
    const last = result[result.length - 1];
    if (last && gapBetween(last, p) < TOUCH_GAP * Math.min(last.height, p.height) && gapBetween(last, p) > -0.5 * height) {
      result[result.length - 1] = mergePieces(last, p);
    } else result.push(p);
  }
  return result;
}

function isSingleChar(p: Piece | undefined): boolean {
  return p !== undefined && [...p.text].length === 1;
}

function gapBetween(a: TextItem | undefined, b: TextItem | undefined): number {
  if (!a || !b) return Infinity;
  return b.x - (a.x + a.width);
}

function mergePieces(a: Piece, b: Piece): Piece {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const right = Math.max(a.x + a.width, b.x + b.width);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  return {
    text: a.text + b.text,
    x,
    y,
    width: right - x,
    height: bottom - y,
    confidence: Math.min(a.confidence, b.confidence),
    baseline: Math.max(a.baseline, b.baseline),
  };
}
