import { describe, expect, it } from 'vitest';
import { fillMissing, missingRequired } from './extract.ts';
import { extractFields } from './fields/extract-fields.ts';
import { documentFromLayoutText } from './fields/text-doc.ts';

// Two readings of one invented bill: the first lost the due date and the period end.
const FIRST = ['   Account Number   4471 2033 98', '   Amount Due   $61.42', '   Due Date   05/2', '   Service Period   04/05/2026 -'].join('\n');
const SECOND = [
  '   Account Number   4471 2033 99',
  '   Amount Due   $61.92',
  '   Due Date   05/26/2026',
  '   Service Period   04/05/2026 - 05/04/2026',
].join('\n');

describe('second OCR reading', () => {
  it('names the required fields a reading left empty', () => {
    const { fields } = extractFields(documentFromLayoutText(FIRST, 'ocr'));
    expect(missingRequired(fields)).toEqual(['dueDate', 'servicePeriodStart', 'servicePeriodEnd']);
  });

  it('fills only the empty fields, keeps the first reading\'s values, and takes both period ends together', () => {
    const first = extractFields(documentFromLayoutText(FIRST, 'ocr')).fields;
    const second = extractFields(documentFromLayoutText(SECOND, 'ocr')).fields;
    const filled = fillMissing(first, second);
    expect(filled).toEqual(expect.arrayContaining(['dueDate', 'servicePeriodStart', 'servicePeriodEnd']));
    expect(first.dueDate.value).toBe('2026-05-26');
    expect(first.dueDate.confidence).toBeLessThan(second.dueDate.confidence);
    expect(first.servicePeriodStart.value).toBe('2026-04-05');
    expect(first.servicePeriodEnd.value).toBe('2026-05-04');
    expect(first.totalAmount.value).toBe(61.42);
    expect(first.accountNumber.value).toBe('4471 2033 98');
    expect(missingRequired(first)).toEqual([]);
  });

  it('does not take half a period from the second reading', () => {
    const first = extractFields(documentFromLayoutText(FIRST, 'ocr')).fields;
    const second = extractFields(documentFromLayoutText(FIRST, 'ocr')).fields;
    second.servicePeriodEnd = { value: '2026-05-04', confidence: 0.9 };
    fillMissing(first, second);
    expect(first.servicePeriodEnd.value).toBeNull();
  });
});
