import type { Citation } from '@wattwise/shared/contract/assistant';
import type { Db } from '../../db/client.ts';
import type { AiProvider, AiTool, AiUsage } from '../../platform/ai.ts';
import { type BillFact, amountCitation, billLabel, billMonth, monthLabel, usageCitation } from './bill-facts.ts';
import { loadAnomalies, loadBillFacts, loadRebates, loadRecommendations, type Reply } from './assistant.service.ts';
import { findUnverifiedNumbers, numbersIn } from './number-check.ts';
import { answerQuestion } from './offline-engine.ts';

/**
 * The model path: the configured model gets tools, not a dump of the data. Each tool reads the
 * user's own data in its own user-scoped transaction (no transaction is held while the model
 * thinks). The answer is then checked: a number no tool result (nor the question) holds flags it.
 */

export type InScope = <T>(work: (db: Db, userId: string) => Promise<T>) => Promise<T>;

const SYSTEM = [
  "You are Wattwise's energy assistant. Answer questions about the user's utility bills, usage, analyses, recommendations and rebates.",
  'Get every figure from the tools; never estimate, compute or invent a number. Quote amounts and usage exactly as the tools give them.',
  "If the tools do not hold what is needed (for example no bill for a month), say \"I can't tell from your bills yet\" and which bill to upload.",
  'Be brief: two to four sentences.',
].join(' ');

const BILL_TYPE_ARG = { type: 'object', properties: { billType: { type: 'string', enum: ['electricity', 'natural_gas', 'water', 'internet'] } } };
const NO_ARGS = { type: 'object', properties: {} };

function billJson(b: BillFact) {
  const month = billMonth(b);
  return { billId: b.id, bill: billLabel(b), month: month ? monthLabel(month) : null, ...b };
}

function billTypeOf(args: unknown): string | null {
  const value = args && typeof args === 'object' ? (args as { billType?: unknown }).billType : undefined;
  return typeof value === 'string' ? value : null;
}

export function assistantTools(inScope: InScope): AiTool[] {
  const bills = (args: unknown) => inScope(async (db, userId) => (await loadBillFacts(db, userId)).filter((b) => !billTypeOf(args) || b.billType === billTypeOf(args)));
  return [
    {
      name: 'get_bills',
      description: "The user's read bills, newest first: amount due (dollars), usage and unit, service period, due date, provider and bill type.",
      parameters: BILL_TYPE_ARG,
      run: async (args) => ({ bills: (await bills(args)).map(billJson) }),
    },
    {
      name: 'compare_latest_bills',
      description: "The user's latest bill against the one before it of the same type, with the differences worked out and the reasons found.",
      parameters: BILL_TYPE_ARG,
      run: async (args) => {
        const list = await bills(args);
        const kind = billTypeOf(args);
        const answer = answerQuestion({ kind: 'month_change', billType: kind === 'electricity' || kind === 'natural_gas' || kind === 'water' || kind === 'internet' ? kind : null }, '', { bills: list });
        return { comparison: answer.text, figures: answer.citations };
      },
    },
    {
      name: 'get_anomalies',
      description: "Unusual usage, cost or billing problems found by the analysis of the user's latest bills.",
      parameters: NO_ARGS,
      run: () => inScope(async (db, userId) => ({ anomalies: await loadAnomalies(db, userId, await loadBillFacts(db, userId)) })),
    },
    {
      name: 'get_recommendations',
      description: "Savings recommendations from the analyses of the user's bills, with estimated savings in dollars.",
      parameters: NO_ARGS,
      run: () => inScope(async (db, userId) => ({ recommendations: await loadRecommendations(db, userId) })),
    },
    {
      name: 'get_matching_rebates',
      description: "Rebate and incentive programmes that match the user's home and bills, best first, with their value in dollars.",
      parameters: NO_ARGS,
      run: () => inScope(async (db, userId) => ({ rebates: (await loadRebates(db, userId)).slice(0, 6) })),
    },
  ];
}

/** The bills whose amount or usage the answer states, as citations. */
function citationsFor(text: string, results: unknown[]): Citation[] {
  const stated = new Set(numbersIn(text).map((n) => n.value));
  const seen = new Map<string, BillFact>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.billId === 'string' && typeof o.provider === 'string' && 'totalAmount' in o) seen.set(o.billId, { ...(o as unknown as BillFact), id: o.billId });
      Object.values(o).forEach(visit);
    }
  };
  results.forEach(visit);
  const citations: Citation[] = [];
  for (const bill of seen.values()) {
    if (bill.totalAmount !== null && stated.has(bill.totalAmount)) citations.push(amountCitation(bill) as Citation);
    if (bill.usageAmount !== null && stated.has(bill.usageAmount)) citations.push(usageCitation(bill) as Citation);
  }
  return citations;
}

export async function answerWithModel(
  ai: AiProvider,
  inScope: InScope,
  messages: { role: 'user' | 'assistant'; content: string }[],
  signal?: AbortSignal,
  stream: { onText?: (delta: string) => void; onDiscard?: () => void } = {},
): Promise<Reply & { usage: AiUsage }> {
  const result = await ai.converse({ system: SYSTEM, messages, tools: assistantTools(inScope), signal, ...stream });
  const sources = [...result.toolCalls.map((c) => JSON.stringify(c.result)), messages.filter((m) => m.role === 'user').at(-1)?.content ?? ''];
  const unverifiedNumbers = findUnverifiedNumbers(result.text, sources);
  return {
    text: result.text,
    citations: citationsFor(result.text, result.toolCalls.map((c) => c.result)),
    signInPrompt: false,
    engine: ai.name,
    flagged: unverifiedNumbers.length > 0,
    unverifiedNumbers,
    usage: result.usage,
  };
}
