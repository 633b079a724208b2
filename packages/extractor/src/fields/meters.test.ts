import { describe, expect, it } from 'vitest';
import { generateBill } from '../../tools/gen/generate.ts';
import { WORDING_IDS } from '../../tools/gen/wordings.ts';
import type { BillDamage } from '../../tools/gen/context.ts';
import { extractBill } from '../extract.ts';

// Commercial bills with several meters (issue 24: "an 11-meter bill whose usage was read from one
// meter"). Text PDFs made by the generator; the reader never sees the truth.
const commercial = (index: number, damage: BillDamage) =>
  generateBill(index, { seed: 'trust', forms: ['text-pdf'], layouts: ['commercial-multimeter'], wordings: WORDING_IDS, damage });

const SURE = 0.8;

describe('usage of a bill with several meters', () => {
  it('is the sum of every meter when the billed total is unreadable, the last meter of a long table included', async () => {
    for (const index of [1, 2, 4, 5]) {
      const g = await commercial(index, { unreadable: ['usage'] });
      expect(g.truth.services.length).toBeGreaterThanOrEqual(4);
      const r = await extractBill(g.bytes);
      expect(r.fields.usageAmount.value).toBe(g.truth.usageAmount);
      expect(r.fields.usageAmount.confidence).toBeGreaterThanOrEqual(SURE);
    }
  });

  it('is never one meter read surely when the other meters are unreadable', async () => {
    for (const index of [1, 2, 3, 6]) {
      const g = await commercial(index, { unreadable: ['usage'], readableMeters: 1 });
      const r = await extractBill(g.bytes);
      const usage = r.fields.usageAmount;
      const oneMeter = g.truth.services[0]?.usage;
      // The billed total (from the charges), or a value flagged for the user to check.
      if (usage.value !== g.truth.usageAmount) {
        expect(usage.value === null || usage.confidence < SURE, `bill ${index}: ${usage.value} at ${usage.confidence}, one meter ${oneMeter}`).toBe(true);
      }
    }
  });
});
