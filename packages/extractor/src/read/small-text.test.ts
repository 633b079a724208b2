import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { capSmallTextConfidence, extractFromDocument, SMALL_TEXT_CONFIDENCE } from '../extract.ts';
import { documentFromLayoutText } from '../fields/text-doc.ts';
import { decodeGray, prepareForOcr } from './image-prep.ts';
import { hasSmallText } from './read-document.ts';

// A generated bill scanned at about 150 dpi (test-fixtures/generated, written by the generator).
const SCAN = path.join(import.meta.dirname, '../../test-fixtures/generated/gen-fixtures-png-0001.png');

/** The scan's text-row height as the OCR preparation measures it, after scaling the image by `factor`. */
async function textHeightAt(factor: number): Promise<number> {
  const bytes = await readFile(SCAN);
  const { width = 0 } = await sharp(bytes).metadata();
  const resized = await sharp(bytes).resize(Math.round(width * factor)).png().toBuffer();
  const prepared = await prepareForOcr(await decodeGray(resized), { deskew: true });
  return prepared.textHeight;
}

describe('tiny print', () => {
  it('is told apart by the height of its text rows: a 150 dpi scan is not, the same page at a third of that is', async () => {
    expect(hasSmallText(await textHeightAt(1))).toBe(false);
    expect(hasSmallText(await textHeightAt(0.3))).toBe(true);
  });

  const BILL = `
   Acme Gas Co                               Account Number: 5512-0093
   Billing Period: 02/03/2025 - 03/04/2025   Due Date: 03/25/2025
   Gas used this period      212 m3
   Amount Due                                $83.16
`;

  it('never has its digits stated sure, however well the rules agree; words keep their confidence', () => {
    const sure = extractFromDocument(documentFromLayoutText(BILL, 'ocr')).fields;
    expect(sure.totalAmount.confidence).toBeGreaterThan(SMALL_TEXT_CONFIDENCE);
    const doc = documentFromLayoutText(BILL, 'ocr');
    for (const page of doc.pages) page.smallText = true;
    const f = extractFromDocument(doc).fields;
    for (const key of ['accountNumber', 'totalAmount', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd', 'usageAmount'] as const) {
      expect(f[key].value, key).toEqual(sure[key].value);
      expect(f[key].confidence, key).toBeLessThanOrEqual(SMALL_TEXT_CONFIDENCE);
    }
    expect(f.billType.confidence).toBe(sure.billType.confidence);
  });

  it('leaves values already unsure and empty fields as they were', () => {
    const doc = documentFromLayoutText(BILL, 'ocr');
    const { fields } = extractFromDocument(doc);
    fields.totalAmount.confidence = 0.4;
    fields.dueDate = { value: null, confidence: 0 };
    capSmallTextConfidence(fields);
    expect(fields.totalAmount.confidence).toBe(0.4);
    expect(fields.dueDate.confidence).toBe(0);
  });
});
