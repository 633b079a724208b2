// The energy assistant through the HTTP API: the offline engine on a user's own bills, the
// conversation and limits, and the model path against a local server speaking the
// OpenAI-compatible chat API (errors, tools, the number check, cost records).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_MESSAGES } from '@wattwise/shared/contract/assistant';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app.ts';
import { processingRun } from '../db/schema/processing.ts';
import { CHAT_RATE_LIMIT } from '../features/assistant/assistant.service.ts';
import { createAiProvider } from '../platform/ai.ts';
import { ask, type SeedBill, seedBills, signedInUser } from './assistant.test-support.ts';
import { createTestContext, nextIp, postJson, type TestContext } from './test-app.ts';

const ALICE_BILLS: SeedBill[] = [
  { total: 120, usage: 900, start: '2026-01-01', end: '2026-01-31', due: '2026-02-20' },
  { total: 187.4, usage: 1300, start: '2026-02-01', end: '2026-02-28', due: '2026-03-20' },
  { total: 98.25, usage: 750, start: '2026-03-01', end: '2026-03-31', due: '2026-04-20' },
  { total: 142.1, usage: 1050, start: '2026-04-01', end: '2026-04-30', due: '2026-05-20' },
];
// Bob's figures must never reach Alice: a bigger bill than any of hers, and a June she lacks.
const BOB_BILLS: SeedBill[] = [
  { total: 999.99, usage: 5555, start: '2026-03-01', end: '2026-03-31' },
  { total: 777.77, usage: 4444, start: '2026-06-01', end: '2026-06-30' },
];

let ctx: TestContext;
let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };
let aliceIds: string[];
const noBobFigures = (text: string) => expect(text).not.toMatch(/999\.99|5,555|777\.77|4,444/);

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signedInUser(ctx);
  bob = await signedInUser(ctx);
  aliceIds = await seedBills(ctx.database.db, alice.userId, ALICE_BILLS);
  await seedBills(ctx.database.db, bob.userId, BOB_BILLS);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('offline engine on the user own bills', () => {
  it("'What was my highest bill?' gives the February amount and cites that bill", async () => {
    const r = await ask(ctx.app, alice.cookie, 'What was my highest bill?');
    expect(r.status).toBe(200);
    expect(r.deltas).toBeGreaterThan(1);
    expect(r.text).toContain('$187.40');
    expect(r.message?.content).toBe(r.text);
    expect(r.message?.citations).toEqual([expect.objectContaining({ value: '$187.40', billId: aliceIds[1], href: `/dashboard/bills/${aliceIds[1]}` })]);
    expect(r.message?.engine).toBe('Wattwise offline assistant');
    noBobFigures(r.text);
  });

  it("'How much electricity did I use in March?' gives the March bill's usage", async () => {
    const r = await ask(ctx.app, alice.cookie, 'How much electricity did I use in March?');
    expect(r.text).toContain('750 kWh');
    expect(r.text).toContain('March 2026');
    expect(r.message?.citations.map((c) => [c.billId, c.value])).toEqual([[aliceIds[2], '750 kWh']]);
    noBobFigures(r.text);
  });

  it("'Why was my last bill higher?' compares April with March: amounts, usage and days, both bills cited", async () => {
    const r = await ask(ctx.app, alice.cookie, 'Why was my last bill higher?');
    expect(r.text).toContain('$142.10');
    expect(r.text).toContain('$98.25');
    expect(r.text).toContain('$43.85 higher');
    expect(r.text).toContain('1,050 kWh against 750 kWh');
    expect(r.text).toContain('Most of the increase comes from using more energy.');
    const cited = new Set(r.message?.citations.map((c) => c.billId));
    expect(cited).toEqual(new Set([aliceIds[3], aliceIds[2]]));
  });

  it("a month with no bill: it says it can't tell and what to upload (Bob's June bill is not hers)", async () => {
    const r = await ask(ctx.app, alice.cookie, 'How much electricity did I use in June?');
    expect(r.text).toContain("I can't tell from your bills yet");
    expect(r.text).toContain('Upload your June electricity bill');
    expect(r.message?.citations).toEqual([]);
    noBobFigures(r.text);
  });

  it('due dates, trends and the FAQ answer from the same data', async () => {
    const due = await ask(ctx.app, alice.cookie, 'When is my bill due?');
    expect(due.text).toContain('May 20, 2026');
    const trend = await ask(ctx.app, alice.cookie, 'What is the trend of my bills?');
    expect(trend.text).toContain('Jan 2026: $120.00 (900 kWh)');
    expect(trend.text).toContain('$136.94'); // (120 + 187.40 + 98.25 + 142.10) / 4
    const faq = await ask(ctx.app, alice.cookie, 'Is my data safe?');
    expect(faq.text).toContain('AES-256');
  });

  it('anomalies, recommendations and rebates come through their features for the user', async () => {
    const erin = await signedInUser(ctx);
    await seedBills(ctx.database.db, erin.userId, ALICE_BILLS);
    const anomalies = await ask(ctx.app, erin.cookie, 'Anything unusual on my bills?');
    expect(anomalies.error).toBeNull();
    expect(anomalies.message?.citations.every((c) => c.billId !== null)).toBe(true);
    // No bill analysed yet: it says so instead of inventing advice figures.
    const recs = await ask(ctx.app, erin.cookie, 'What do you recommend to save money?');
    expect(recs.text).toContain('None of your bills has been analysed yet');
    expect(recs.text).not.toMatch(/\$\d/);
    const analysed = await ctx.app.request(`/api/bills/${aliceIds[0]}/analyze`, { method: 'POST', headers: { cookie: erin.cookie, origin: 'http://localhost:3000' } });
    expect(analysed.status).toBe(404); // Alice's bill is not Erin's to analyse
    const rebates = await ask(ctx.app, erin.cookie, 'What rebates can I get?');
    expect(rebates.text).toMatch(/Programmes that match your home: .+ worth up to \$[\d,]+\.\d\d/);
    expect(rebates.message?.citations[0]).toMatchObject({ label: 'Rebate value', billId: null, href: '/rebates' });
  });

  it("Bob's answers hold only his bills", async () => {
    const r = await ask(ctx.app, bob.cookie, 'What was my highest bill?');
    expect(r.text).toContain('$999.99');
    expect(r.text).not.toMatch(/187\.40|142\.10|98\.25/);
  });

  it('a visitor gets general guidance and a prompt to sign in, no figures', async () => {
    const r = await ask(ctx.app, null, 'What was my highest bill?');
    expect(r.status).toBe(200);
    expect(r.message?.signInPrompt).toBe(true);
    expect(r.message?.citations).toEqual([]);
    expect(r.text).toContain('Sign in');
    expect(r.text).not.toMatch(/\$\d/);
  });

  it('the conversation is kept per user and only its owner reads it', async () => {
    const mine = await ctx.app.request('/api/assistant/conversation', { headers: { cookie: alice.cookie } });
    const body = (await mine.json()) as { messages: { role: string; content: string }[] };
    expect(body.messages[0]).toMatchObject({ role: 'user', content: 'What was my highest bill?' });
    expect(body.messages[1]?.role).toBe('assistant');
    expect(body.messages[1]?.content).toContain('$187.40');
    const bobs = (await (await ctx.app.request('/api/assistant/conversation', { headers: { cookie: bob.cookie } })).json()) as { messages: { content: string }[] };
    expect(bobs.messages.some((m) => m.content.includes('187.40'))).toBe(false);
    expect((await ctx.app.request('/api/assistant/conversation')).status).toBe(401);
    // Row-level security: Bob's scope sees none of Alice's rows even without a user filter.
    const { withUserScope } = await import('../db/user-scope.ts');
    const { chatMessage } = await import('../db/schema/assistant.ts');
    const seen = await withUserScope(ctx.database.db, bob.userId, (db) => db.select().from(chatMessage));
    expect(seen.every((m) => m.userId === bob.userId)).toBe(true);
    // Bob clearing his conversation leaves Alice's.
    const cleared = await ctx.app.request('/api/assistant/conversation', { method: 'DELETE', headers: { cookie: bob.cookie, origin: 'http://localhost:3000' } });
    expect(cleared.status).toBe(204);
    const after = (await (await ctx.app.request('/api/assistant/conversation', { headers: { cookie: alice.cookie } })).json()) as { messages: unknown[] };
    expect(after.messages.length).toBe(body.messages.length);
  });

  it('messages blank after trimming are refused with the spec message', async () => {
    const r = await ask(ctx.app, alice.cookie, [{ role: 'user', content: '   ' }]);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ error: { message: CHAT_MESSAGES.noValidMessages } });
  });

  it('past the per-user limit: 429 with Retry-After and the spec message', async () => {
    const carol = await signedInUser(ctx);
    for (let i = 0; i < CHAT_RATE_LIMIT.maxQuestions; i++) expect((await ask(ctx.app, carol.cookie, 'hello')).status).toBe(200);
    const r = await ask(ctx.app, carol.cookie, 'hello');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.body).toMatchObject({ error: { message: CHAT_MESSAGES.tooManyRequests } });
  });

  it('past the limit for a visitor: counted per address, 429 with Retry-After; another address is not held back', async () => {
    const ip = nextIp();
    const visitor = async (from: string) => postJson(ctx.app, '/api/assistant/chat', { messages: [{ role: 'user', content: 'hello' }] }, { ip: from });
    for (let i = 0; i < CHAT_RATE_LIMIT.maxQuestions; i++) expect((await visitor(ip)).status).toBe(200);
    const refused = await visitor(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { message: CHAT_MESSAGES.tooManyRequests } });
    expect((await visitor(nextIp())).status).toBe(200);
  });
});

describe('Update Location ZIP check (shipped dataset, public)', () => {
  it('suggests from 3 digits, matches a real 5-digit ZIP, refuses an unknown one or a bad shape', async () => {
    const some = (await (await ctx.app.request('/api/assistant/zip-codes?q=303')).json()) as { suggestions: { zip: string; city: string; state: string }[]; match: unknown };
    expect(some.suggestions.length).toBe(5);
    expect(some.suggestions.every((s) => s.zip.startsWith('303') && s.state === 'GA')).toBe(true);
    expect(some.match).toBeNull();
    const atlanta = (await (await ctx.app.request('/api/assistant/zip-codes?q=30303')).json()) as { match: { city: string; state: string } };
    expect(atlanta.match).toMatchObject({ city: 'Atlanta', state: 'GA' });
    const unknown = (await (await ctx.app.request('/api/assistant/zip-codes?q=00000')).json()) as { match: unknown };
    expect(unknown.match).toBeNull();
    const bad = await ctx.app.request('/api/assistant/zip-codes?q=3a');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('Please enter a valid 5-digit ZIP code');
  });
});

describe('model path against a local OpenAI-compatible server', () => {
  type Canned = { status: number; raw: string; stream?: boolean };
  let replies: Canned[] = [];
  const requests: { path: string; body: { tools?: { function?: { name: string }; name?: string }[]; messages: unknown[]; stream?: boolean } }[] = [];
  let server: http.Server;
  let modelApp: App;
  let dave: { userId: string; cookie: string };
  let daveIds: string[];

  const json = (value: unknown, status = 200): Canned => ({ status, raw: JSON.stringify(value) });
  const toolCall = (name: string) => json({ choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name, arguments: '{}' } }] } }], usage: { prompt_tokens: 300, completion_tokens: 20 } });
  const sse = (events: unknown[]): Canned => ({ status: 200, stream: true, raw: `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n` });
  const text = (content: string) => json({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 500, completion_tokens: 40 } });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body: JSON.parse(raw || '{}') as (typeof requests)[number]['body'] });
        const next = replies.shift() ?? { status: 500, raw: '{}' };
        res.writeHead(next.status, { 'content-type': next.stream ? 'text/event-stream' : 'application/json' });
        res.end(next.raw);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const ai = createAiProvider({ provider: 'openai', baseUrl, apiKey: 'local', model: 'claude-haiku-test' });
    modelApp = createApp({ config: ctx.config, secrets: ctx.secrets, database: ctx.database, queue: ctx.queue, mailer: { kind: 'outbox' }, logger: ctx.logger, ai }).app;
    dave = await signedInUser({ app: modelApp, auth: ctx.auth });
    daveIds = await seedBills(ctx.database.db, dave.userId, ALICE_BILLS);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ['404', json({ error: { message: 'model not found' } }, 404), CHAT_MESSAGES.configuration],
    ['401', json({ error: { message: 'bad key' } }, 401), CHAT_MESSAGES.authentication],
    ['429', json({ error: { message: 'slow down' } }, 429), CHAT_MESSAGES.capacity],
    ['500', json({ error: { message: 'boom' } }, 500), CHAT_MESSAGES.unavailable],
    ['a malformed body', { status: 200, raw: '{"choices": [' }, CHAT_MESSAGES.invalidFormat],
    ['empty content', text(''), CHAT_MESSAGES.empty],
    ['a body error about the key', json({ error: { message: 'Invalid API key provided' } }), CHAT_MESSAGES.notConfigured],
  ])('provider answering %s: the spec message', async (_name, canned, expected) => {
    replies = [canned];
    const r = await ask(modelApp, dave.cookie, 'What was my highest bill?');
    expect(r.status).toBe(200);
    expect(r.error).toBe(expected);
    expect(r.message).toBeNull();
  });

  it('the model gets tools, answers from them, the bill is cited and the tokens are recorded as a cost', async () => {
    replies = [toolCall('get_bills'), text('Your highest bill was $187.40 for February 2026, when you used 1,300 kWh.')];
    const r = await ask(modelApp, dave.cookie, 'What was my highest bill?');
    expect(r.error).toBeNull();
    expect(r.message?.flagged).toBe(false);
    expect(r.message?.engine).toBe('claude-haiku-test (OpenAI-compatible)');
    expect(r.message?.citations.map((c) => [c.billId, c.value])).toEqual([
      [daveIds[1], '$187.40'],
      [daveIds[1], '1,300 kWh'],
    ]);
    const sent = requests.at(-2)?.body;
    expect(sent?.tools?.map((t) => t.function?.name)).toEqual(['get_bills', 'compare_latest_bills', 'get_anomalies', 'get_recommendations', 'get_matching_rebates']);
    // The tool result went back to the model holding Dave's bills only.
    expect(JSON.stringify(requests.at(-1)?.body.messages)).toContain('187.4');
    const runs = await ctx.database.db.select().from(processingRun).where(and(eq(processingRun.userId, dave.userId), eq(processingRun.documentType, 'assistant_chat')));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.tokensUsed).toBe(300 + 20 + 500 + 40);
    expect(runs[0]?.aiCost).toBeCloseTo((800 * 0.8 + 60 * 4) / 1_000_000, 10);
  });

  it('a number present in no tool result is caught and the answer flagged', async () => {
    replies = [toolCall('get_bills'), text('Your highest bill was $250.00 in February 2026.')];
    const r = await ask(modelApp, dave.cookie, 'What was my highest bill?');
    expect(r.message?.flagged).toBe(true);
    expect(r.message?.unverifiedNumbers).toEqual(['250.00']);
    const stored = (await (await modelApp.request('/api/assistant/conversation', { headers: { cookie: dave.cookie } })).json()) as { messages: { flagged: boolean }[] };
    expect(stored.messages.at(-1)?.flagged).toBe(true);
  });

  it('a streamed OpenAI-compatible answer reaches the browser as it is written, after the tool round', async () => {
    replies = [
      sse([{ choices: [{ delta: { tool_calls: [{ index: 0, id: 'c9', function: { name: 'get_bills', arguments: '' } }] } }] }, { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '{}' } }] } }] }]),
      sse([
        { choices: [{ delta: { content: 'Your highest bill was ' } }] },
        { choices: [{ delta: { content: '$187.40 ' } }] },
        { choices: [{ delta: { content: 'in February 2026.' } }] },
        { choices: [], usage: { prompt_tokens: 100, completion_tokens: 10 } },
      ]),
    ];
    const r = await ask(modelApp, dave.cookie, 'What was my highest bill?');
    expect(r.error).toBeNull();
    expect(r.deltas).toBe(3);
    expect(r.text).toBe('Your highest bill was $187.40 in February 2026.');
    expect(r.message?.content).toBe(r.text);
    expect(r.message?.flagged).toBe(false);
    expect(requests.at(-1)?.body.stream).toBe(true);
    expect(JSON.stringify(requests.at(-1)?.body.messages)).toContain('187.4');
  });

  it('Anthropic streaming: a preamble before a tool call is dropped, the answer streams, the tokens are counted', async () => {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const anthropic = createAiProvider({ provider: 'anthropic', apiKey: 'sk-test', model: 'claude-3-5-haiku-test', baseUrl });
    const app = createApp({ config: ctx.config, secrets: ctx.secrets, database: ctx.database, queue: ctx.queue, mailer: { kind: 'outbox' }, logger: ctx.logger, ai: anthropic }).app;
    const fay = await signedInUser({ app, auth: ctx.auth });
    await seedBills(ctx.database.db, fay.userId, ALICE_BILLS);
    replies = [
      sse([
        { type: 'message_start', message: { usage: { input_tokens: 400 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look at your bills.' } },
        { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'tu1', name: 'get_bills', input: {} } },
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"billType":' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"electricity"}' } },
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 30 } },
      ]),
      sse([
        { type: 'message_start', message: { usage: { input_tokens: 900 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'In March 2026 you used ' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '750 kWh.' } },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 12 } },
      ]),
    ];
    const r = await ask(app, fay.cookie, 'How much electricity did I use in March?');
    expect(r.error).toBeNull();
    expect(r.text).toBe('In March 2026 you used 750 kWh.');
    expect(r.message?.flagged).toBe(false);
    expect(requests.at(-1)?.path).toBe('/v1/messages');
    const toolResult = JSON.stringify(requests.at(-1)?.body.messages);
    expect(toolResult).toContain('tool_result');
    expect(toolResult).toContain('750');
    const runs = await ctx.database.db.select().from(processingRun).where(eq(processingRun.userId, fay.userId));
    expect(runs[0]?.tokensUsed).toBe(400 + 30 + 900 + 12);
  });
});
