// The rebate dialogs through an AI provider, against local servers that answer like the
// Anthropic Messages API and an OpenAI-compatible chat endpoint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EligibilityResult, Explanation, SmartHomeInsights } from '@wattwise/shared/contract/rebates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { createAiProvider } from '../platform/ai.ts';

type Reply = { status: number; text: string };
let reply: Reply = { status: 200, text: '' };
const requests: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let server: http.Server;
let baseUrl = '';
let ctx: BillsTestContext;
let cookie: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') as Record<string, unknown> });
      const body = req.url === '/v1/messages' ? { content: [{ type: 'text', text: reply.text }] } : { choices: [{ message: { content: reply.text } }] };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createBillsTestContext({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: baseUrl, AI_MODEL: 'claude-test' }, { startWorker: false });
  cookie = await ctx.signIn();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('rebate dialogs with an AI provider', () => {
  it('Explain: the model writes the summary, the original stays, the engine is named', async () => {
    reply = { status: 200, text: 'Georgia pays up to $8,000 toward a heat pump if your income qualifies.' };
    const { status, body } = await ctx.json<Explanation>(cookie, '/api/rebates/ga-hear-heat-pump/explain', { method: 'POST' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ summary: reply.text, engine: 'Anthropic claude-test' });
    expect(body.original).toContain('HEAR');
    const sent = requests.at(-1);
    expect(sent?.headers['x-api-key']).toBe('sk-test');
    expect(sent?.body.model).toBe('claude-test');
  });

  it('Eligibility: the rules decide, the model explains; a model that contradicts cannot change the result', async () => {
    reply = { status: 200, text: 'Sure! {"reasoning": "Your income band qualifies you.", "nextSteps": ["Get a contractor quote"], "isEligible": false}' };
    const { body } = await ctx.json<EligibilityResult>(cookie, '/api/rebates/ga-hear-heat-pump/eligibility', {
      method: 'POST',
      body: { scenario: 'We own our home', household: { incomeBand: 'below_80' } },
    });
    expect(body).toMatchObject({ isEligible: true, status: 'eligible', reasoning: 'Your income band qualifies you.', nextSteps: ['Get a contractor quote'], engine: 'Anthropic claude-test' });
  });

  it('a failing or unreadable model answers 502 with the dialog’s message', async () => {
    reply = { status: 529, text: '' };
    const failed = await ctx.json<{ error: { message: string } }>(cookie, '/api/rebates/ga-hear-heat-pump/eligibility', { method: 'POST', body: { scenario: 'We rent' } });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe('Failed to check eligibility with AI');
    reply = { status: 200, text: 'no json here' };
    const garbled = await ctx.json<{ error: { message: string } }>(cookie, '/api/rebates/insights', { method: 'POST', body: { description: 'central AC' } });
    expect(garbled.status).toBe(502);
    expect(garbled.body.error.message).toBe('Failed to get smart home insights with AI');
    reply = { status: 500, text: '' };
    const explain = await ctx.json<{ error: { message: string } }>(cookie, '/api/rebates/ga-hear-heat-pump/explain', { method: 'POST' });
    expect(explain.body.error.message).toBe('Failed to simplify details with AI');
  });

  it('Smart Home Insights keep only rebate ids that exist where the user lives', async () => {
    reply = {
      status: 200,
      text: JSON.stringify({
        overallAssessment: 'Cooling drives your bills.',
        energySavingTips: [{ tip: 'Raise the AC setpoint', estimatedSavings: '$60 a year', associatedRebateId: 'made-up-id' }],
        suggestedUpgrades: [{ upgrade: 'Heat pump', reason: 'Replaces the AC', relevantRebateId: 'ga-hear-heat-pump' }],
      }),
    };
    const { status, body } = await ctx.json<SmartHomeInsights>(cookie, '/api/rebates/insights', { method: 'POST', body: { description: 'central AC all summer' } });
    expect(status).toBe(200);
    expect(body.energySavingTips[0]?.associatedRebateId).toBeNull();
    expect(body.suggestedUpgrades[0]?.relevantRebateId).toBe('ga-hear-heat-pump');
  });
});

describe('OpenAI-compatible provider', () => {
  it('posts chat completions with the system prompt and reads the first choice', async () => {
    reply = { status: 200, text: 'hello' };
    const ai = createAiProvider({ provider: 'openai', baseUrl: `${baseUrl}/v1`, apiKey: 'local', model: 'llama3.1' });
    expect(await ai?.complete({ system: 'be brief', prompt: 'hi' })).toBe('hello');
    const sent = requests.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer local');
    expect(sent?.body.messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ]);
    reply = { status: 200, text: '   ' };
    await expect(ai?.complete({ system: 's', prompt: 'p' })).rejects.toThrow('Empty response from AI service');
  });
});
