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
    const printed = `${BILL}\n   Acme Power Co-op\n   Account No. 55 1234 9\n   Energy used 1,200 kWh`;
    const outcome = await runAiCheck(fakeAi(answer, calls), printed, fields, confirmed);
    expect(calls).toHaveLength(1);
    expect(fields.accountNumber.value).toBe('55-1234-9');
    expect(fields.utilityProvider.value).toBe('Acme Power');
    expect(fields.usageAmount.value).toBe(1200);
    expect(fields.usageUnit.value).toBe('kWh');
    expect(fields.totalAmount.value).toBe(120); // cross-checked: the model cannot override it
    expect(fields.dueDate.value).toBe('2026-02-20');
    expect(outcome?.fieldsFilled.sort()).toEqual(['accountNumber', 'usageAmount', 'usageUnit', 'utilityProvider']);
    expect(outcome?.fieldsRejected).toEqual([]);
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

describe('AI answers must be printed on the bill', () => {
  it('rejects values the bill text does not hold (an invented account, amount, date and usage)', async () => {
    const { fields, confirmed } = extractFields(documentFromLayoutText(BILL));
    fields.dueDate = { value: null, confidence: 0 };
    const answer = { accountNumber: '8831-7720-11', utilityProvider: 'Imaginary Electric', dueDate: '2026-03-15', usageAmount: 4321, usageUnit: 'therms', billType: 'water' };
    const outcome = await runAiCheck(fakeAi(answer, []), BILL, fields, confirmed);
    expect(outcome?.fieldsFilled).toEqual([]);
    expect(outcome?.fieldsRejected.sort()).toEqual(['accountNumber', 'billType', 'dueDate', 'usageAmount', 'usageUnit', 'utilityProvider'].filter((f) => unsureFields(fields, confirmed).includes(f as never)));
    expect(fields.accountNumber.value).toBeNull();
    expect(fields.dueDate.value).toBeNull();
  });

  it('takes values printed differently from the answer (separators, date and number formats, line breaks)', async () => {
    const { foundInText } = await import('./ai-grounding.ts');
    const text = 'ACCOUNT 0012-345 678\nDue by Feb 20, 2026\nUsage 1,200.5 KWH\nACME POWER &\nLIGHT CO.\nTOTAL DUE 75.61CR';
    expect(foundInText('accountNumber', '0012345678', text)).toBe(true);
    expect(foundInText('accountNumber', '12345678', text)).toBe(false);
    expect(foundInText('dueDate', '2026-02-20', text)).toBe(true);
    expect(foundInText('dueDate', '2025-02-20', text)).toBe(false);
    expect(foundInText('usageAmount', 1200.5, text)).toBe(true);
    expect(foundInText('usageAmount', 1200, text)).toBe(false);
    expect(foundInText('usageUnit', 'kWh', text)).toBe(true);
    expect(foundInText('utilityProvider', 'Acme Power & Light Co.', text)).toBe(true);
    expect(foundInText('totalAmount', -75.61, text)).toBe(true);
    expect(foundInText('totalAmount', 75.61, text)).toBe(false);
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
