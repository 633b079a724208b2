import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildPdf } from '@wattwise/extractor/testing/pdf';
import { listedModelCost } from '@wattwise/shared/processing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from './bills.test-support.ts';

// The bill reader's AI check, wired (issue 25): with ANTHROPIC_API_KEY (Messages API) or
// OPENAI_BASE_URL (Chat Completions: a local Ollama or vLLM), the bill job asks the model only
// about the fields the rules are unsure of, and takes an answer only when it is printed on the
// bill. Each provider is imitated by a local HTTP server speaking its wire format; the model
// reads one value right and invents two, which are rejected. Without a provider nothing is asked.

/** A bill the rules read only in part: no due-date label they know, no period, no customer. */
const SPARSE_BILL = buildPdf({
  pages: [
    [
      'Riverbend Power Cooperative',
      'Member 4471-0093-22',
      'Electric service statement',
      'Please remit 84.12 by March 14, 2026',
      'Energy this month 612 kWh',
    ],
  ],
});

/** What the imitated model answers for each field it is asked about: one value printed on the bill, two invented. */
const MODEL_ANSWERS: Record<string, string | number | null> = {
  utilityProvider: 'Riverbend Power Cooperative',
  dueDate: '2026-03-14',
  servicePeriodStart: '2026-02-01',
  servicePeriodEnd: null,
  customerName: 'Jane Invented',
  serviceAddress: null,
  accountNumber: '9999-0000-11',
  totalAmount: 999.99,
};
const INPUT_TOKENS = 1500;
const OUTPUT_TOKENS = 120;

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/** The fields a prompt asks about (`  "field": hint` lines). */
function askedFields(prompt: string): string[] {
  return [...prompt.matchAll(/^\s+"(\w+)":/gm)].map((m) => m[1] as string);
}

function answerFor(prompt: string): string {
  return JSON.stringify(Object.fromEntries(askedFields(prompt).map((f) => [f, MODEL_ANSWERS[f] ?? null])));
}

/** A local server speaking Anthropic's Messages API or OpenAI's Chat Completions. */
async function imitateProvider(format: 'anthropic' | 'openai'): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const messages = body.messages as { role: string; content: string }[];
      const prompt = messages.find((m) => m.role === 'user')?.content ?? '';
      const text = `Here is the JSON:\n\`\`\`json\n${answerFor(prompt)}\n\`\`\``;
      const answer =
        format === 'anthropic'
          ? { id: 'msg_1', type: 'message', role: 'assistant', model: body.model, content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: INPUT_TOKENS, output_tokens: OUTPUT_TOKENS } }
          : { id: 'chatcmpl-1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: INPUT_TOKENS, completion_tokens: OUTPUT_TOKENS, total_tokens: INPUT_TOKENS + OUTPUT_TOKENS } };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Field = { value: unknown; confidence: number };
type Detail = {
  id: string;
  status: string;
  dueDate: string | null;
  servicePeriodStart: string | null;
  aiModel: string | null;
  aiFields: string[];
  crossChecked: string[];
  fields: Record<string, Field>;
  processing: { aiCost: number; ai: { fieldsFilled: string[]; fieldsRejected: string[]; inputTokens: number; outputTokens: number } | null; checks: { name: string; detail?: string }[] };
};
type Costs = { claudeCosts: number; aiModels: string[]; aiTokens: number };

async function readBill(ctx: BillsTestContext, cookie: string): Promise<Detail> {
  const res = await ctx.upload(cookie, SPARSE_BILL, 'sparse.pdf');
  expect(res.status).toBe(202);
  const { bill } = (await res.json()) as { bill: { id: string } };
  await ctx.waitForBill(cookie, bill.id);
  return (await ctx.json<{ bill: Detail }>(cookie, `/api/bills/${bill.id}`)).body.bill;
}

const PROVIDERS = [
  { format: 'anthropic' as const, model: 'claude-3-5-haiku-test', env: (url: string) => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: url, AI_MODEL: 'claude-3-5-haiku-test' }) },
  { format: 'openai' as const, model: 'llama3.1:8b', env: (url: string) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: 'local-key', OPENAI_MODEL: 'llama3.1:8b' }) },
];

describe.each(PROVIDERS)('the AI check through a $format provider', ({ format, model, env }) => {
  let provider: Awaited<ReturnType<typeof imitateProvider>>;
  let ctx: BillsTestContext;
  beforeAll(async () => {
    provider = await imitateProvider(format);
    ctx = await createBillsTestContext({ UPLOAD_RATE_LIMIT_MAX: '1000', ...env(provider.url) });
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  it('asks about the unsure fields only, takes the value printed on the bill and rejects the invented ones', async () => {
    const owner = await ctx.signIn();
    const bill = await readBill(ctx, owner);
    expect(bill.status).toBe('processed');

    // One request, in the provider's wire format, with the bill's text and only the unsure fields.
    expect(provider.seen).toHaveLength(1);
    const [request] = provider.seen as [Seen];
    const messages = request.body.messages as { role: string; content: string }[];
    const prompt = messages.find((m) => m.role === 'user')?.content ?? '';
    if (format === 'anthropic') {
      expect(request.path).toBe('/v1/messages');
      expect(request.headers['x-api-key']).toBe('sk-ant-test');
      expect(request.headers['anthropic-version']).toBe('2023-06-01');
      expect(typeof request.body.system).toBe('string');
      expect(request.body.max_tokens).toEqual(expect.any(Number));
    } else {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe('Bearer local-key');
      expect(messages[0]?.role).toBe('system');
    }
    expect(request.body.model).toBe(model);
    expect(prompt).toContain('Please remit 84.12 by March 14, 2026');
    const asked = askedFields(prompt);
    expect(asked).toEqual(expect.arrayContaining(['dueDate', 'servicePeriodStart', 'customerName']));
    // Read surely by the rules: never asked, so the model's invented values for them are never seen.
    expect(asked).not.toContain('accountNumber');
    expect(asked).not.toContain('totalAmount');

    expect(bill.dueDate).toBe('2026-03-14');
    expect(bill.aiModel).toBe(model);
    expect(bill.aiFields).toEqual(['dueDate']);
    expect(bill.servicePeriodStart).toBeNull();
    expect(bill.fields.customerName?.value).toBeNull();
    expect(bill.fields.accountNumber?.value).toBe('4471-0093-22');
    expect(bill.processing.ai?.fieldsRejected.sort()).toEqual(['customerName', 'servicePeriodStart']);
    expect(bill.processing.checks.find((c) => c.name === 'AI check')?.detail).toMatch(/rejected .*customerName.*not printed on the bill/);

    // The cost screen: the tokens the provider reported, at the model's listed price (none for a local model).
    const cost = listedModelCost(model, INPUT_TOKENS, OUTPUT_TOKENS);
    expect(format === 'anthropic' ? cost > 0 : cost === 0).toBe(true);
    expect(bill.processing.aiCost).toBeCloseTo(cost, 10);
    const costs = (await ctx.json<Costs>(owner, '/api/processing/costs')).body;
    expect(costs).toMatchObject({ aiModels: [model], aiTokens: INPUT_TOKENS + OUTPUT_TOKENS });
    expect(costs.claudeCosts).toBeCloseTo(cost, 10);

    // Another user sees neither the bill nor its AI costs; a visitor gets nothing.
    const other = await ctx.signIn();
    expect((await ctx.json(other, `/api/bills/${bill.id}`)).status).toBe(404);
    expect((await ctx.json<Costs>(other, '/api/processing/costs')).body).toMatchObject({ aiModels: [], aiTokens: 0, claudeCosts: 0 });
    expect((await ctx.json(null, `/api/bills/${bill.id}`)).status).toBe(401);
    expect((await ctx.json(null, '/api/processing/costs')).status).toBe(401);
  });
});

describe('without an AI provider', () => {
  let ctx: BillsTestContext;
  beforeAll(async () => {
    ctx = await createBillsTestContext({ UPLOAD_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reads the bill by the rules alone and says no AI was used', async () => {
    const owner = await ctx.signIn();
    const bill = await readBill(ctx, owner);
    expect(bill).toMatchObject({ status: 'processed', dueDate: null, aiModel: null, aiFields: [] });
    expect(bill.processing.ai).toBeNull();
    expect(bill.processing.aiCost).toBe(0);
    expect((await ctx.json<Costs>(owner, '/api/processing/costs')).body).toMatchObject({ aiModels: [], aiTokens: 0, claudeCosts: 0 });
  });
});
