import { describe, expect, it } from 'vitest';
import type { DocumentText, TextItem, TextLine } from '../types.ts';
import { findCandidates } from './candidates.ts';
import { extractFields, parseAccount } from './extract-fields.ts';
import { buildLayout } from './layout.ts';
import { documentFromLayoutText } from './text-doc.ts';
import { wrappedPairs } from './wrapped.ts';

const CHAR_W = 6;
const HEIGHT = 10;

/**
 * A page of lines at the given heights, each a list of cells [x, text]: for layouts that
 * monospaced text cannot show (two columns whose rows sit half a line apart).
 */
function docOf(rows: Array<[number, Array<[number, string]>]>): DocumentText {
  const lines: TextLine[] = rows.map(([y, cells]) => {
    const items: TextItem[] = cells.flatMap(([x, text]) => {
      const out: TextItem[] = [];
      let at = x;
      for (const word of text.split(' ')) {
        if (word) out.push({ text: word, x: at, y, width: word.length * CHAR_W, height: HEIGHT, confidence: 1 });
        at += (word.length + 1) * CHAR_W;
      }
      return out;
    });
    const last = items[items.length - 1];
    return { text: cells.map(([, t]) => t).join('   '), items, x: items[0]?.x ?? 0, y, width: (last ? last.x + last.width : 0) - (items[0]?.x ?? 0), height: HEIGHT };
  });
  return { kind: 'pdf', pageCount: 1, pages: [{ index: 0, width: 800, height: 600, source: 'text-layer', lines }] };
}

const read = (doc: DocumentText) => extractFields(doc).fields;

describe('sentences wrapped in a narrow column beside another column', () => {
  // The coupon's rows on the right sit between the two halves of the left column's sentence.
  const doc = docOf([
    [40, [[40, 'Account number 4417-2290-18']]],
    [60, [[40, 'Your bill covers service from 05/16/2025 through']]],
    [64, [[530, 'Amount enclosed']]],
    [71, [[40, '06/18/2025'], [290, 'Sales Tax'], [420, '3.72']]],
    [90, [[40, 'Printed 06/22/2025'], [290, 'Total amount due'], [420, '$127.79']]],
  ]);

  it('joins the sentence across rows printed only in another column', () => {
    expect(wrappedPairs(buildLayout(doc)).map((w) => w.text)).toContain('Your bill covers service from 05/16/2025 through 06/18/2025');
    const f = read(doc);
    expect([f.servicePeriodStart.value, f.servicePeriodEnd.value]).toEqual(['2025-05-16', '2025-06-18']);
  });

  it('does not join across a row of the same column', () => {
    const other = docOf([
      [60, [[40, 'Your bill covers service from 05/16/2025 through']]],
      [71, [[40, 'Questions? Call us']]],
      [82, [[40, '06/18/2025']]],
    ]);
    expect(wrappedPairs(buildLayout(other)).map((w) => w.text)).not.toContain('Your bill covers service from 05/16/2025 through 06/18/2025');
  });

  it('continues a phrase split in cells under its first cell', () => {
    // A photo's wider word gap cut "This bill | covers 12 Apr 2026 to 14"; "May 2026" wraps under "This bill".
    const photo = docOf([
      [100, [[170, 'This bill'], [242, 'covers 12 Apr 2026 to 14'], [600, 'Basic Charge'], [760, '$12.12']]],
      [106, [[1300, 'Customer Number 1111 756 154']]],
      [112, [[170, 'May 2026'], [600, 'Commodity Charge'], [760, '$45.17']]],
    ]);
    expect(wrappedPairs(buildLayout(photo)).map((w) => w.text)).toContain('covers 12 Apr 2026 to 14 May 2026');
  });
});

describe('a label stacked right over its value, beside another column', () => {
  it('reads the number under "Reference number" when a wrapped sentence sits to its left', () => {
    const f = read(
      docOf([
        [100, [[46, 'Total Due Now'], [230, 'Please remit by 07/27/26 to'], [420, 'Reference number']]],
        [112, [[230, 'avoid a late charge'], [420, '610642723424']]],
        [116, [[46, '$52.77']]],
      ]),
    );
    expect(f.accountNumber.value).toBe('610642723424');
  });

  it('reads the date under "Payment deadline" when another column heading sits to its left', () => {
    const f = read(
      docOf([
        [100, [[36, 'Run Date'], [130, 'DEC 10 2026'], [530, 'Payment deadline']]],
        [111, [[36, 'Account ID'], [130, '186-8181-215'], [283, 'Current Charges'], [530, 'DEC 29 2026']]],
        [124, [[283, 'Fixed Monthly Charge'], [450, '$15.51']]],
        [137, [[283, 'Balance Due'], [450, '$31.72']]],
      ]),
    );
    expect(f.dueDate.value).toBe('2026-12-29');
  });

  it('takes no label from a row above that holds values of its own', () => {
    const f = read(
      docOf([
        [100, [[36, 'Balance Due $301.02'], [530, 'Penalty Date 2/17/26']]],
        [111, [[36, 'Run Date'], [130, '1/31/26'], [283, 'Current Charges']]],
      ]),
    );
    expect(f.dueDate.value).not.toBe('2026-01-31');
  });
});

describe('page furniture is no part of a label', () => {
  it('reads the account after a page counter ("Page 2 of 2 Account: …")', () => {
    const f = read(
      documentFromLayoutText(`
   Metro Water Utility
   Total due now   $52.77         Please remit by 07/27/26
\f
   Page 2 of 2 Account: 610642723424
   Late payment charges apply to balances not received by the due date.
`),
    );
    expect(f.accountNumber.value).toBe('610642723424');
  });
});

describe("another column's title beside a value", () => {
  it('does not make a table of the rows under it: the label to the left names the value', () => {
    // "PAYMENT COUPON" titles the coupon column to the right; the balance rows are not under it.
    const layout = buildLayout(
      docOf([
        [35, [[66, 'Quillon Gas Corporation'], [283, 'Account Activity'], [529, 'PAYMENT COUPON']]],
        [51, [[66, 'PO BOX 27013'], [283, 'Unpaid Balance'], [477, '$157.82']]],
        [64, [[283, 'Less Payments'], [474, '-$157.82'], [529, 'Balance Due']]],
      ]),
    );
    const unpaid = findCandidates(layout, { ref: null, parseAccount }).find((c) => c.kind === 'money' && c.value === 157.82);
    expect(unpaid?.context).toBe('Unpaid Balance');
    expect(unpaid?.meaning.previousBalance).toBeGreaterThan(0.9);
  });
});
