import { createRoute } from '@hono/zod-openapi';
import { CHAT_MESSAGES, type ChatMessage, chatRequestSchema, conversationSchema, LOCATION_MESSAGES, zipLookupSchema, zipQuerySchema } from '@wattwise/shared/contract/assistant';
import { aiMemoryResponseSchema, aiMemoryUpdateSchema, milestoneCheckSchema } from '@wattwise/shared/contract/assistant-memory';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import { withUserScope } from '../../db/user-scope.ts';
import { getClientIp } from '../../http/client-ip.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, unauthorizedResponse } from '../../http/openapi.ts';
import { type SessionLookup, type SignedIn, signedInUser } from '../../http/session.ts';
import type { AppEnv } from '../../http/types.ts';
import { type AiProvider, aiErrorMessage } from '../../platform/ai.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  answerForVisitor,
  answerOffline,
  getAiMemory,
  updateAiMemory,
  CHAT_RATE_LIMIT,
  checkChatRateLimit,
  clearConversation,
  getConversation,
  MODEL_HISTORY,
  recordChatCost,
  type Reply,
  requireValidMessages,
  saveQuestion,
  saveReply,
} from './assistant.service.ts';
import { ensureCatalogue, locationOfZip, suggestZips } from '../rebates/rebates.service.ts';
import { checkAssistantMilestones } from '../../use-cases/assistant-milestones.ts';
import { answerWithModel } from './model-engine.ts';

export type AssistantRoutesDeps = {
  db: Db;
  signedIn: SignedIn;
  /** Who is signed in, if anyone: the chat also answers visitors (02-tools §6: the assistant page has no guard). */
  lookup: SessionLookup;
  ai: AiProvider | null;
  rateLimiter: RateLimiter;
  trustProxy: boolean;
  logger: Logger;
};

/** Words per streamed `delta` event. */
const WORDS_PER_DELTA = 4;


/** Visitors are not stored: their limit is counted per address by the app's rate limiter. */
const VISITOR_CHAT_RULE = {
  name: 'chat-visitor',
  max: CHAT_RATE_LIMIT.maxQuestions,
  windowSeconds: CHAT_RATE_LIMIT.windowMs / 1000,
  message: CHAT_MESSAGES.tooManyRequests,
};

export function createAssistantRoutes(deps: AssistantRoutesDeps) {
  const router = createRouter();

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/assistant/chat',
    tags: ['Assistant'],
    summary: "Ask the energy assistant; the reply streams as Server-Sent Events",
    description:
      "Body `messages[{role, content}]` (01-core §7 claude-chat). `event: delta` data `{text}` as the reply is written (`event: reset`: drop the text so far, it was a model's preamble to a tool call), then `event: done` data `{message}` (the stored reply with the figures it used and their bills) or `event: error` data `{message}` (01-core §8 'AI chat' wording). Signed-in users get answers from their own data and their conversation is kept; visitors get general guidance and a prompt to sign in.",
    request: { body: jsonBody(chatRequestSchema) },
    responses: {
      200: { description: 'text/event-stream' },
      422: errorResponse(CHAT_MESSAGES.noValidMessages),
      429: errorResponse(CHAT_MESSAGES.tooManyRequests),
    },
  });
  router.post('/api/assistant/chat', async (c) => {
    const messages = requireValidMessages(chatRequestSchema.parse(await c.req.json().catch(() => ({}))).messages);
    const question = messages[messages.length - 1]?.content ?? '';
    const session = await deps.lookup(c.req.raw.headers);
    const userId = session?.userId ?? null;
    const inScope = <T>(work: (db: Db, id: string) => Promise<T>) => withUserScope(deps.db, userId ?? '', (db) => work(db, userId ?? ''));
    if (userId) {
      // The rebate catalogue is seeded on first read, which the user-scoped role may not do.
      await ensureCatalogue(deps.db);
      await inScope(async (db, id) => {
        await checkChatRateLimit(db, id);
        await saveQuestion(db, id, question);
      });
    } else await deps.rateLimiter(VISITOR_CHAT_RULE, `ip:${getClientIp(c, deps.trustProxy) ?? 'unknown'}`);

    return streamSSE(c, async (stream) => {
      const abort = new AbortController();
      stream.onAbort(() => abort.abort());
      // Events are written in order; a model's streamed text goes out as it arrives.
      let writing = Promise.resolve();
      const send = (event: string, data: unknown) => {
        writing = writing.then(() => stream.writeSSE({ event, data: JSON.stringify(data) }));
        return writing;
      };
      let streamed = '';
      const onText = (text: string) => {
        streamed += text;
        void send('delta', { text });
      };
      const onDiscard = () => {
        if (!streamed) return;
        streamed = '';
        void send('reset', {});
      };
      let reply: Reply;
      try {
        if (!userId) reply = answerForVisitor(question);
        else if (!deps.ai) reply = await inScope((db, id) => answerOffline(db, id, question));
        else {
          const started = performance.now();
          const modelReply = await answerWithModel(deps.ai, inScope, messages.slice(-MODEL_HISTORY), abort.signal, { onText, onDiscard });
          const ai = deps.ai;
          await inScope((db, id) => recordChatCost(db, id, ai, modelReply.usage, performance.now() - started));
          reply = modelReply;
        }
      } catch (error) {
        const message = deps.ai && userId ? aiErrorMessage(error) : CHAT_MESSAGES.sendFailed;
        deps.logger.warn({ err: error }, 'assistant reply failed');
        await send('error', { message });
        return;
      }
      await writing;
      // An answer that was not streamed as written (the offline engine, a provider that does not stream) goes out in pieces.
      if (!streamed) {
        const words = reply.text.split(/(?<=\s)/);
        for (let i = 0; i < words.length && !abort.signal.aborted; i += WORDS_PER_DELTA) await send('delta', { text: words.slice(i, i + WORDS_PER_DELTA).join('') });
      }
      const message: ChatMessage = userId
        ? await inScope((db, id) => saveReply(db, id, reply))
        : {
            id: crypto.randomUUID(),
            role: 'assistant',
            content: reply.text,
            timestamp: new Date().toISOString(),
            citations: reply.citations,
            engine: reply.engine,
            flagged: reply.flagged,
            unverifiedNumbers: reply.unverifiedNumbers,
            signInPrompt: reply.signInPrompt,
          };
      await send('done', { message: { ...message, signInPrompt: reply.signInPrompt } });
    });
  });

  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/assistant/zip-codes',
        tags: ['Assistant'],
        summary: "The Update Location modal's ZIP check: suggestions from 3 digits, the match at 5 (shipped offline dataset); public",
        request: { query: zipQuerySchema },
        responses: { 200: jsonResponse(zipLookupSchema, 'Suggestions and match'), 422: errorResponse(LOCATION_MESSAGES.fiveDigits) },
      }),
      (c) => {
        const { q } = c.req.valid('query');
        const place = (l: { zip: string | null; city: string | null; state: string }) => ({ zip: l.zip ?? '', city: l.city, state: l.state });
        const match = q.length === 5 ? locationOfZip(q) : null;
        return c.json({ suggestions: suggestZips(q).map(place), match: match ? place(match) : null }, 200, { 'cache-control': 'public, max-age=86400' });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/assistant/memory',
        middleware: [deps.signedIn] as const,
        tags: ['Assistant'],
        summary: "The floating assistant's memory of the signed-in user (user_preferences.notification_preferences.aiMemory); visitors keep theirs in local storage",
        responses: { 200: jsonResponse(aiMemoryResponseSchema, 'Memory'), 401: unauthorizedResponse },
      }),
      async (c) => {
        const user = signedInUser(c);
        return c.json({ memory: await user.inScope((db, id) => getAiMemory(db, id)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/assistant/memory',
        middleware: [deps.signedIn] as const,
        tags: ['Assistant'],
        summary: 'Merges what the bubble remembered into the memory (milestones are written by the server only)',
        request: { body: jsonBody(aiMemoryUpdateSchema) },
        responses: { 200: jsonResponse(aiMemoryResponseSchema, 'Memory after the change'), 401: unauthorizedResponse, 422: errorResponse('Not a memory field') },
      }),
      async (c) => {
        const user = signedInUser(c);
        const update = c.req.valid('json');
        return c.json({ memory: await user.inScope((db, id) => updateAiMemory(db, id, update)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/assistant/milestones',
        middleware: [deps.signedIn] as const,
        tags: ['Assistant'],
        summary: "Checks the '$100 saved' and 'first rebate application' milestones against the user's records; each is returned in `reached` once, ever",
        responses: { 200: jsonResponse(milestoneCheckSchema, 'Milestones'), 401: unauthorizedResponse },
      }),
      async (c) => {
        const user = signedInUser(c);
        return c.json(await user.inScope((db, id) => checkAssistantMilestones(db, id)), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/assistant/conversation',
        middleware: [deps.signedIn] as const,
        tags: ['Assistant'],
        summary: "The signed-in user's conversation with the assistant, oldest first",
        responses: { 200: jsonResponse(conversationSchema, 'Messages'), 401: unauthorizedResponse },
      }),
      async (c) => {
        const user = signedInUser(c);
        return c.json({ messages: await user.inScope((db, id) => getConversation(db, id)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/assistant/conversation',
        middleware: [deps.signedIn] as const,
        tags: ['Assistant'],
        summary: "Clears the signed-in user's conversation",
        responses: { 204: { description: 'Cleared' }, 401: unauthorizedResponse },
      }),
      async (c: Context<AppEnv>) => {
        const user = signedInUser(c);
        await user.inScope((db, id) => clearConversation(db, id));
        return c.body(null, 204);
      },
    );
}
