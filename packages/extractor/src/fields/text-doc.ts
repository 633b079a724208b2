import type { DocumentText, PageText, TextItem, TextLine } from '../types.ts';

const CHAR_W = 6;
const LINE_H = 8;
const LINE_PITCH = 12;

/**
 * Builds a positioned document from monospaced layout text (as `pdftotext -layout` prints it):
 * each word becomes an item at its column, each text line a visual line, form feeds split pages.
 * Used by tests to exercise the layout rules without a PDF.
 */
export function documentFromLayoutText(text: string, source: PageText['source'] = 'text-layer'): DocumentText {
  const pages = text.split('\f').map((pageText, index): PageText => {
    const rows = pageText.split('\n');
    const lines: TextLine[] = [];
    rows.forEach((row, r) => {
      const items: TextItem[] = [];
      for (const m of row.matchAll(/\S+/g)) {
        items.push({ text: m[0], x: m.index * CHAR_W, y: r * LINE_PITCH, width: m[0].length * CHAR_W, height: LINE_H, confidence: 1 });
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      lines.push({
        text: row.trim().replace(/ {3,}/g, '   '),
        items,
        x: first.x,
        y: r * LINE_PITCH,
        width: last.x + last.width - first.x,
        height: LINE_H,
      });
    });
    return { index, width: 100 * CHAR_W, height: Math.max(rows.length, 66) * LINE_PITCH, source, lines };
  });
  return { kind: 'pdf', pageCount: pages.length, pages };
}
