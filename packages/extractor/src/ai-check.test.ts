import { describe, expect, it } from 'vitest';
import { runAiCheck, unsureFields, type AiCheck } from './ai-check.ts';
import { extractFields } from './fields/extract-fields.ts';
import { documentFromLayoutText } from './fields/text-doc.ts';

const BILL = `
   Amount Due   $120.00
   Previous Balance   $0.00
   Current Charges   $120.00
   Billing Period: 01/02/2026 - 02/01/2026
   Due Date: 02/20/2026
`;

function fakeAi(json: unknown, calls: Array<{ fields: string[] }>): AiCheck {
  return (req) => {
    calls.push({ fields: req.fields });
    return Promise.resolve({ json, model: 'claude-haiku-test', inputTokens: 1000, outputTokens: 200 });
  };
}

describe('AI check', () => {
  it('asks only about missing or unsure fields, never about cross-checked ones', () => {
    const { fields, confirmed } = extractFields(documentFromLayoutText(BILL));
    const asked = unsureFields(fields, confirmed);
    expect(confirmed.has('totalAmount')).toBe(true);
    expect(asked).not.toContain('totalAmount');
    expect(asked).toContain('accountNumber');
    expect(asked).toContain('utilityProvider');
  });

  it('fills unsure fields from a zod-checked answer, keeps confirmed values and records the cost', async () => {
    const { fields, confirmed } = extractFields(documentFromLayoutText(BILL));
    const calls: Array<{ fields: string[] }> = [];
    const answer = '```json\n{"accountNumber": "55-1234-9", "utilityProvider": "Acme Power", "totalAmount": 999.99, "usageAmount": "1,200", "usageUnit": "KWH", "dueDate": "not a date"}\n```';
    const outcome = await runAiCheck(fakeAi(answer, calls), 'bill text', fields, confirmed);
    expect(calls).toHaveLength(1);
    expect(fields.accountNumber.value).toBe('55-1234-9');
    expect(fields.utilityProvider.value).toBe('Acme Power');
    expect(fields.usageAmount.value).toBe(1200);
    expect(fields.usageUnit.value).toBe('kWh');
    expect(fields.totalAmount.value).toBe(120); // cross-checked: the model cannot override it
    expect(fields.dueDate.value).toBe('2026-02-20');
    expect(outcome?.fieldsFilled.sort()).toEqual(['accountNumber', 'usageAmount', 'usageUnit', 'utilityProvider']);
    expect(outcome?.cost).toBeCloseTo((1000 * 0.8 + 200 * 4) / 1e6, 12);
  });

  it('ignores an answer that is not valid JSON of the expected shape', async () => {
    const { fields, confirmed } = extractFields(documentFromLayoutText(BILL));
    const outcome = await runAiCheck(fakeAi('no idea', []), 'text', fields, confirmed);
    expect(outcome?.fieldsFilled).toEqual([]);
    expect(fields.accountNumber.value).toBeNull();
    const bad = await runAiCheck(fakeAi({ accountNumber: { nested: true } }, []), 'text', fields, confirmed);
    expect(bad?.fieldsFilled).toEqual([]);
  });
});

describe('AI prompt', () => {
  it('lists only the asked fields with their formats', async () => {
    const { buildAiPrompt } = await import('./ai-check.ts');
    const p = buildAiPrompt({ text: 'BILL TEXT', fields: ['dueDate', 'accountNumber'] });
    expect(p).toContain('"dueDate": YYYY-MM-DD');
    expect(p).toContain('"accountNumber"');
    expect(p).not.toContain('"totalAmount"');
    expect(p.endsWith('BILL TEXT')).toBe(true);
  });
});
