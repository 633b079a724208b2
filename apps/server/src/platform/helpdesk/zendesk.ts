import { ticketStatusSchema } from '@wattwise/shared/contract/support';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { type ExternalComment, type ExternalTicket, type ExternalWrite, type Helpdesk, type HelpdeskConfig, HelpdeskError } from './helpdesk.ts';

// Zendesk Support REST API v2 (developer.zendesk.com/api-reference/ticketing): tickets.json
// create and list by external_id, tickets/{id}.json update with a comment, show_many, the
// ticket's comments and users/me. Basic auth `{email}/token:{api token}`. A 429 answer's
// Retry-After is honoured here when short, else handed to the caller (the job retries later).

const id = z.union([z.number(), z.string()]).transform(String);

const ticketSchema = z.object({
  id,
  status: z.string(),
  requester_id: id.nullable().optional(),
  updated_at: z.string(),
});
const auditSchema = z.object({ events: z.array(z.object({ id, type: z.string() }).loose()).default([]) }).loose();
const writeSchema = z.object({ ticket: ticketSchema.loose(), audit: auditSchema.optional() });
const pageLinks = {
  next_page: z.string().nullable().optional(),
  meta: z.object({ has_more: z.boolean().optional() }).loose().optional(),
  links: z.object({ next: z.string().nullable().optional() }).loose().optional(),
};
const ticketListSchema = z.object({ tickets: z.array(ticketSchema.loose()) });
const commentListSchema = z.object({
  comments: z.array(z.object({ id, author_id: id, body: z.string().default(''), public: z.boolean().default(true), created_at: z.string() }).loose()),
  ...pageLinks,
});
const meSchema = z.object({ user: z.object({ id: id.nullable(), email: z.string().nullable().optional(), role: z.string() }).loose() });
const errorSchema = z.object({ error: z.union([z.string(), z.object({ title: z.string().optional(), message: z.string().optional() }).loose()]).optional(), description: z.string().optional() }).loose();

/** Retry-After up to this is waited for in the call; longer is the caller's to wait. */
const MAX_INLINE_WAIT_SECONDS = 10;
const MAX_ATTEMPTS = 3;
const TIMEOUT_MS = 15_000;
/** show_many takes at most 100 ids. */
const SHOW_MANY_LIMIT = 100;
/** Pages of comments followed at most (100 a page). */
const MAX_PAGES = 50;

function toTicket(raw: z.infer<typeof ticketSchema>): ExternalTicket {
  const status = ticketStatusSchema.safeParse(raw.status);
  // Zendesk's 'deleted' (or any status we do not know) reads as closed here.
  return { id: raw.id, status: status.success ? status.data : 'closed', requesterId: raw.requester_id ?? null, updatedAt: raw.updated_at };
}

function toWrite(raw: z.infer<typeof writeSchema>): ExternalWrite {
  const comment = raw.audit?.events.find((e) => e.type === 'Comment');
  return { ticket: toTicket(raw.ticket), commentId: comment?.id ?? null };
}

function retryAfterOf(res: Response): number {
  const header = res.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = header ? Date.parse(header) : NaN;
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : 60;
}

async function errorMessage(res: Response): Promise<string> {
  const parsed = errorSchema.safeParse(await res.json().catch(() => ({})));
  const error = parsed.success ? parsed.data.error : undefined;
  const text = typeof error === 'string' ? error : (error?.message ?? error?.title);
  const description = parsed.success ? parsed.data.description : undefined;
  return [text, description].filter(Boolean).join(': ') || res.statusText || 'no details';
}

export function createZendeskHelpdesk(config: HelpdeskConfig, deps: { logger: Logger; fetch?: typeof fetch }): Helpdesk {
  const doFetch = deps.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${config.email}/token:${config.apiToken}`).toString('base64')}`;
  const origin = new URL(config.apiUrl).origin;

  async function call<T>(schema: z.ZodType<T>, pathOrUrl: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${config.apiUrl}${pathOrUrl}`;
    // Pagination links are followed only on the helpdesk's own host: the credentials go nowhere else.
    if (new URL(url).origin !== origin) throw new HelpdeskError(`Zendesk pointed to another host (${new URL(url).host})`, 0);
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: init.method ?? 'GET',
          headers: { authorization, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new HelpdeskError(`Zendesk did not answer: ${error instanceof Error ? error.message : String(error)}`, 0);
      }
      if (res.status === 429) {
        const wait = retryAfterOf(res);
        await res.body?.cancel();
        if (attempt < MAX_ATTEMPTS && wait <= MAX_INLINE_WAIT_SECONDS) {
          deps.logger.warn({ wait, url: new URL(url).pathname }, 'Zendesk rate limit: waiting as Retry-After asks');
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          continue;
        }
        throw new HelpdeskError(`Zendesk rate limit: retry after ${wait} s`, 429, wait);
      }
      if (res.status === 401 || res.status === 403) {
        throw new HelpdeskError(`Zendesk refused the credentials (${res.status}: ${await errorMessage(res)}); check ZENDESK_EMAIL and ZENDESK_API_TOKEN`, res.status);
      }
      if (!res.ok) throw new HelpdeskError(`Zendesk answered ${res.status}: ${await errorMessage(res)}`, res.status);
      const parsed = schema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new HelpdeskError(`Zendesk answered in an unexpected shape (${new URL(url).pathname})`, res.status);
      return parsed.data;
    }
  }

  return {
    kind: 'zendesk',
    name: 'Zendesk',
    createTicket: async (input) =>
      toWrite(
        await call(writeSchema, '/api/v2/tickets.json', {
          method: 'POST',
          body: {
            ticket: {
              subject: input.subject,
              comment: { body: input.description, public: true },
              priority: input.priority,
              type: input.type,
              requester: { name: input.requester.name, email: input.requester.email },
              external_id: input.externalId,
            },
          },
        }),
      ),
    findByExternalId: async (externalId) => {
      const found = await call(ticketListSchema, `/api/v2/tickets.json?external_id=${encodeURIComponent(externalId)}`);
      const first = found.tickets[0];
      return first ? toTicket(first) : null;
    },
    addComment: async (ticketId, body, options = {}) => {
      const comment = { body, public: true, ...(options.authorId ? { author_id: Number(options.authorId) || options.authorId } : {}) };
      const ticket = { comment, ...(options.status ? { status: options.status } : {}) };
      return toWrite(await call(writeSchema, `/api/v2/tickets/${encodeURIComponent(ticketId)}.json`, { method: 'PUT', body: { ticket } }));
    },
    getTickets: async (ids) => {
      const out: ExternalTicket[] = [];
      for (let i = 0; i < ids.length; i += SHOW_MANY_LIMIT) {
        const chunk = ids.slice(i, i + SHOW_MANY_LIMIT).map(encodeURIComponent).join(',');
        out.push(...(await call(ticketListSchema, `/api/v2/tickets/show_many.json?ids=${chunk}`)).tickets.map(toTicket));
      }
      return out;
    },
    listComments: async (ticketId) => {
      // Every page: `next_page` (offset pagination) or `links.next` while `meta.has_more` (cursor).
      const out: ExternalComment[] = [];
      let next: string | null | undefined = `/api/v2/tickets/${encodeURIComponent(ticketId)}/comments.json?sort_order=asc`;
      for (let page = 0; next && page < MAX_PAGES; page++) {
        const body: z.infer<typeof commentListSchema> = await call(commentListSchema, next);
        out.push(...body.comments.map((c) => ({ id: c.id, authorId: c.author_id, body: c.body, isPublic: c.public, createdAt: c.created_at })));
        next = body.meta?.has_more ? body.links?.next : body.next_page;
      }
      return out;
    },
    agentUrl: (ticketId) => `https://${config.subdomain}.zendesk.com/agent/tickets/${encodeURIComponent(ticketId)}`,
    check: async () => {
      const { user } = await call(meSchema, '/api/v2/users/me.json');
      // Zendesk answers users/me for anyone; without valid credentials it is the anonymous end-user.
      if (user.id === null) throw new HelpdeskError('Zendesk did not recognise the credentials (anonymous user)', 401);
      return { agent: user.email ?? user.id, role: user.role };
    },
  };
}
