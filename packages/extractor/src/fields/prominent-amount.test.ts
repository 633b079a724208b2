import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../types.ts';
import { extractFields } from './extract-fields.ts';
import { PROMINENT_TOTAL_CONFIDENCE } from './prominent-amount.ts';
import { documentFromLayoutText } from './text-doc.ts';

/** A document from layout text where the lines holding `big` are printed `times` taller. */
function withLargeType(text: string, big: string[], times = 2.5): DocumentText {
  const doc = documentFromLayoutText(text, 'ocr');
  for (const page of doc.pages) {
    for (const line of page.lines) {
      if (!big.some((b) => line.text.includes(b))) continue;
      line.height *= times;
      for (const item of line.items) item.height *= times;
    }
  }
  return doc;
}

// What OCR kept of a low-resolution bill: the headline amount, not its small grey label.
const LOST_LABEL = `
   ACME GAS CO
   Ths ee bl Jn 09 2007
   Bling Poked Feb 02 2007
          $47.19
   approx. $1.90 per day        $71.02
   Ths mont instl     $55.00
`;

describe('the amount printed as the headline when no total label was read', () => {
  it('is taken as the total, stated unsure', () => {
    const f = extractFields(withLargeType(LOST_LABEL, ['$47.19'])).fields;
    expect(f.totalAmount.value).toBe(47.19);
    expect(f.totalAmount.confidence).toBeLessThanOrEqual(PROMINENT_TOTAL_CONFIDENCE);
  });

  it('is not taken when it is printed no larger than the text around it', () => {
    expect(extractFields(withLargeType(LOST_LABEL, [])).fields.totalAmount.value).toBeNull();
  });

  it('is not taken when another amount is printed about as large', () => {
    expect(extractFields(withLargeType(LOST_LABEL, ['$47.19', '$71.02'])).fields.totalAmount.value).toBeNull();
  });

  it('never outweighs a labelled total', () => {
    const labelled = `${LOST_LABEL}   Amount Due     $88.40\n`;
    expect(extractFields(withLargeType(labelled, ['$47.19'])).fields.totalAmount.value).toBe(88.4);
  });
});
