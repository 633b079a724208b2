import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.ts';
import { learnLayoutHint } from './hints.ts';
import { documentFromLayoutText } from './text-doc.ts';

// A bill whose amount to pay sits under a label no dictionary knows ("Zorblat"), beside a
// "Current charges" figure the reader would take for the total without help.
const bill = (amount: string, current: string) =>
  documentFromLayoutText(`
   Pinecrest Municipal Utilities                 Account Number 7781-2290-45
   Service Period: 01/05/2026 - 02/03/2026       Due Date: 02/24/2026
   Current charges                               ${current}
   Zorblat                                       ${amount}
`);

describe('learning from corrections', () => {
  it('reads a corrected field from the same label on the next bill', () => {
    const first = bill('$97.12', '$40.00');
    expect(extractFields(first).fields.totalAmount.value).toBe(40);
    const hint = learnLayoutHint(first, 'totalAmount', 97.12);
    expect(hint).toMatchObject({ field: 'totalAmount', label: 'zorblat', page: 0 });
    const next = bill('$81.25', '$35.50');
    expect(extractFields(next).fields.totalAmount.value).toBe(35.5);
    expect(extractFields(next, { hints: hint ? [hint] : [] }).fields.totalAmount.value).toBe(81.25);
  });

  it('learns nothing when the corrected value is not printed', () => {
    expect(learnLayoutHint(bill('$97.12', '$40.00'), 'totalAmount', 12.34)).toBeNull();
  });

  it('finds the place of an unlabelled value', () => {
    const doc = documentFromLayoutText('   Pinecrest Utilities\n\n\n                                   $64.10\n');
    const hint = learnLayoutHint(doc, 'totalAmount', 64.1);
    expect(hint?.label).toBe('');
    expect(hint?.relX).toBeGreaterThan(0.3);
  });
});
