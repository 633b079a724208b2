import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Zendesk Support's REST API v2, answering with its documented JSON
// shapes (developer.zendesk.com/api-reference/ticketing/tickets/tickets and
// .../ticket_comments): tickets.json create and list by external_id, tickets/{id}.json update,
// show_many, the comments list (offset pagination, 2 a page here so paging is exercised),
// users/me; 401 `{"error":"Couldn't authenticate you"}` for bad credentials, 429 with Retry-After.

type Comment = { id: number; type: 'Comment'; author_id: number; body: string; html_body: string; plain_body: string; public: boolean; created_at: string; attachments: [] };
type Ticket = {
  id: number;
  url: string;
  external_id: string | null;
  subject: string;
  description: string;
  status: string;
  priority: string | null;
  type: string | null;
  requester_id: number;
  submitter_id: number;
  assignee_id: number | null;
  tags: string[];
  created_at: string;
  updated_at: string;
  comments: Comment[];
};

export const AGENT = { id: 1, email: 'agent@acme.test', token: 'secret-token' };

export async function startZendeskServer() {
  const tickets = new Map<number, Ticket>();
  const users = new Map<string, number>();
  const requests: { method: string; path: string; body: unknown; authorization: string | undefined }[] = [];
  const control = { failNext: 0, failStatus: 503, rateLimitNext: 0, retryAfter: '1' };
  let nextId = 100;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const expectedAuth = `Basic ${Buffer.from(`${AGENT.email}/token:${AGENT.token}`).toString('base64')}`;

  const publicTicket = (t: Ticket) => {
    const { comments: _comments, ...rest } = t;
    return rest;
  };
  const addComment = (t: Ticket, authorId: number, body: string, isPublic = true): Comment => {
    const c: Comment = { id: nextId++, type: 'Comment', author_id: authorId, body, html_body: `<p>${body}</p>`, plain_body: body, public: isPublic, created_at: now(), attachments: [] };
    t.comments.push(c);
    t.updated_at = c.created_at;
    return c;
  };
  const audit = (t: Ticket, c: Comment) => ({ id: nextId++, ticket_id: t.id, created_at: c.created_at, author_id: c.author_id, events: [{ ...c }, { id: nextId++, type: 'Change', field_name: 'status', value: t.status }] });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body: unknown = raw ? JSON.parse(raw) : null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body, authorization: req.headers.authorization });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== expectedAuth) return send(401, { error: "Couldn't authenticate you" });
      if (control.rateLimitNext > 0) {
        control.rateLimitNext--;
        return send(429, { error: 'TooManyRequests', description: 'You have exceeded the rate limit' }, { 'retry-after': control.retryAfter });
      }
      if (control.failNext > 0) {
        control.failNext--;
        return send(control.failStatus, { error: 'ServiceUnavailable', description: 'Zendesk is down for maintenance' });
      }
      const path = url.pathname;
      let m: RegExpMatchArray | null;
      if (req.method === 'GET' && path === '/api/v2/users/me.json') return send(200, { user: { id: AGENT.id, email: AGENT.email, name: 'Ann Agent', role: 'agent' } });
      if (req.method === 'POST' && path === '/api/v2/tickets.json') {
        const input = (body as { ticket: { subject: string; comment: { body: string }; priority?: string; type?: string; external_id?: string; requester: { name: string; email: string } } }).ticket;
        const requesterId = users.get(input.requester.email) ?? nextId++;
        users.set(input.requester.email, requesterId);
        const id = nextId++;
        const created = now();
        const t: Ticket = {
          id,
          url: `https://acme.zendesk.com/api/v2/tickets/${id}.json`,
          external_id: input.external_id ?? null,
          subject: input.subject,
          description: input.comment.body,
          status: 'new',
          priority: input.priority ?? null,
          type: input.type ?? null,
          requester_id: requesterId,
          submitter_id: AGENT.id,
          assignee_id: null,
          tags: [],
          created_at: created,
          updated_at: created,
          comments: [],
        };
        tickets.set(id, t);
        const c = addComment(t, requesterId, input.comment.body);
        return send(201, { ticket: publicTicket(t), audit: audit(t, c) }, { location: t.url });
      }
      if (req.method === 'GET' && path === '/api/v2/tickets.json') {
        const externalId = url.searchParams.get('external_id');
        const found = [...tickets.values()].filter((t) => externalId === null || t.external_id === externalId).map(publicTicket);
        return send(200, { tickets: found, next_page: null, previous_page: null, count: found.length });
      }
      if (req.method === 'GET' && path === '/api/v2/tickets/show_many.json') {
        const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
        return send(200, { tickets: ids.flatMap((id) => (tickets.has(id) ? [publicTicket(tickets.get(id) as Ticket)] : [])) });
      }
      if ((m = path.match(/^\/api\/v2\/tickets\/(\d+)\.json$/)) && req.method === 'PUT') {
        const t = tickets.get(Number(m[1]));
        if (!t) return send(404, { error: 'RecordNotFound', description: 'Not found' });
        const input = (body as { ticket: { comment?: { body: string; public?: boolean; author_id?: number }; status?: string } }).ticket;
        if (input.status) t.status = input.status;
        const c = input.comment ? addComment(t, input.comment.author_id ?? AGENT.id, input.comment.body, input.comment.public ?? true) : null;
        return send(200, { ticket: publicTicket(t), audit: c ? audit(t, c) : { events: [] } });
      }
      if ((m = path.match(/^\/api\/v2\/tickets\/(\d+)\/comments\.json$/)) && req.method === 'GET') {
        const t = tickets.get(Number(m[1]));
        if (!t) return send(404, { error: 'RecordNotFound', description: 'Not found' });
        const page = Number(url.searchParams.get('page') ?? '1');
        const perPage = 2;
        const slice = t.comments.slice((page - 1) * perPage, page * perPage);
        const more = page * perPage < t.comments.length;
        const base = `http://${req.headers.host}${path}`;
        return send(200, { comments: slice, next_page: more ? `${base}?page=${page + 1}` : null, previous_page: page > 1 ? `${base}?page=${page - 1}` : null, count: t.comments.length });
      }
      return send(404, { error: 'InvalidEndpoint', description: `Not found: ${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tickets,
    requests,
    control,
    /** What an agent does in Zendesk: a public reply, optionally with a new status. */
    agentReply(ticketId: number, body: string, status?: string) {
      const t = tickets.get(ticketId);
      if (!t) throw new Error(`no ticket ${ticketId}`);
      if (status) t.status = status;
      addComment(t, AGENT.id, body);
    },
    agentNote(ticketId: number, body: string) {
      const t = tickets.get(ticketId);
      if (t) addComment(t, AGENT.id, body, false);
    },
    setStatus(ticketId: number, status: string) {
      const t = tickets.get(ticketId);
      if (!t) throw new Error(`no ticket ${ticketId}`);
      t.status = status;
      t.updated_at = now();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type ZendeskServer = Awaited<ReturnType<typeof startZendeskServer>>;
