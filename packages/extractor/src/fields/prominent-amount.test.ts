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
   Ths ee bl Ar 17 2004
   Bling Poked Mar 14 2004
          $60.35
   approx. $2.75 per day        $90.68
   Ths mont instl     $80.00
`;

describe('the amount printed as the headline when no total label was read', () => {
  it('is taken as the total, stated unsure', () => {
    const f = extractFields(withLargeType(LOST_LABEL, ['$60.35'])).fields;
    expect(f.totalAmount.value).toBe(60.35);
    expect(f.totalAmount.confidence).toBeLessThanOrEqual(PROMINENT_TOTAL_CONFIDENCE);
  });

  it('is not taken when it is printed no larger than the text around it', () => {
    expect(extractFields(withLargeType(LOST_LABEL, [])).fields.totalAmount.value).toBeNull();
  });

  it('is not taken when another amount is printed about as large', () => {
    expect(extractFields(withLargeType(LOST_LABEL, ['$60.35', '$90.68'])).fields.totalAmount.value).toBeNull();
  });

  it('never outweighs a labelled total', () => {
    const labelled = `${LOST_LABEL}   Amount Due     $88.40\n`;
    expect(extractFields(withLargeType(labelled, ['$60.35'])).fields.totalAmount.value).toBe(88.4);
  });
});
