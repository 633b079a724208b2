import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { errorBody } from '../../http/errors.ts';
import { isLoopbackRequest, namesThisServer, requestHost } from '../../http/loopback.ts';
import type { AppEnv } from '../../http/types.ts';
import { type Auth, getSession, isAdmin } from '../auth/auth.service.ts';
import { getOutboxMessage, listOutboxMessages, type OutboxMessage } from '../../platform/mail.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:900px;margin:0 auto;padding:24px}h1{font-size:22px}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e2e8f0;font-size:14px}
.note{color:#475569;font-size:14px}.meta{background:#fff;border:1px solid #e2e8f0;padding:12px;border-radius:6px;font-size:14px}
.message{background:#fff;border:1px solid #e2e8f0;margin-top:16px;padding:8px;border-radius:6px}pre{white-space:pre-wrap}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The inside of <body> when the mail is a whole document. */
function bodyOf(html: string): string {
  const match = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  // Links open here, not in a new tab (React Email's links carry target="_blank" for webmail).
  return (match?.[1] ?? html).replace(/\starget="_blank"/g, '');
}

function time(message: OutboxMessage): string {
  return `<time datetime="${message.createdAt.toISOString()}">${escapeHtml(message.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>`;
}

export type DevMailboxDeps = {
  db: Db;
  auth: Auth;
  /** Development: requests from this machine may read the mailbox without signing in. */
  allowLoopback: boolean;
  /** Development: requests must name this machine or PUBLIC_URL's host (no DNS rebinding). */
  publicUrl: string;
};

/**
 * The development mailbox: with no SMTP_URL every mail is kept in the outbox table and
 * shown here, newest first. Only mounted in outbox mode. It holds every user's verification
 * and password-reset links, so it answers only a signed-in admin, or in development a request
 * from the machine itself that names this machine in its Host; anyone else gets a 404 (403 for a foreign Host). Messages are our own templates
 * (user values escaped) and the page's CSP blocks scripts, so bodies render inline and
 * their links are plain, clickable links.
 */
export function createDevMailboxRoutes(deps: DevMailboxDeps) {
  return new Hono<AppEnv>()
    .use('/dev/mailbox/*', async (c, next) => {
      // Development: a page elsewhere whose name now points at 127.0.0.1 (DNS rebinding) sends
      // its own Host; it is refused before the peer address is even looked at.
      if (deps.allowLoopback && !namesThisServer(requestHost(c.req), deps.publicUrl)) {
        return c.json(errorBody('FORBIDDEN', 'The dev mailbox answers requests for this machine (localhost, 127.0.0.1, [::1]) or PUBLIC_URL only.'), 403);
      }
      if (deps.allowLoopback && isLoopbackRequest(c)) return next();
      const session = await getSession(deps.auth, c.req.raw.headers, { fresh: true });
      if (isAdmin(session?.user)) return next();
      return c.json(errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), 404);
    })
    .get('/dev/mailbox', async (c) => {
      const to = c.req.query('to')?.trim().toLowerCase();
      const messages = (await listOutboxMessages(deps.db)).filter((m) => !to || m.to.toLowerCase() === to);
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${time(m)}</td></tr>`,
        )
        .join('');
      const body = `<h1>Dev mailbox</h1><p class="note">Mail is not sent: SMTP_URL is not set, so every message is kept here. Newest first.</p>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>To</th><th>Subject</th><th>Time</th></tr></thead><tbody>${rows}</tbody></table>`}`;
      return c.html(page('Dev mailbox', body), 200, { 'cache-control': 'no-store' });
    })
    .get('/dev/mailbox/:id', async (c) => {
      const message = await getOutboxMessage(deps.db, c.req.param('id'));
      if (!message) return c.html(page('Not found', '<h1>Message not found</h1><p><a href="/dev/mailbox">Back to the mailbox</a></p>'), 404);
      const body = `<p><a href="/dev/mailbox">&larr; All messages</a></p><h1>${escapeHtml(message.subject)}</h1>
<div class="meta"><div><strong>From:</strong> ${escapeHtml(message.from)}</div><div><strong>To:</strong> ${escapeHtml(message.to)}</div><div><strong>Time:</strong> ${time(message)}</div></div>
<article class="message" aria-label="Message body">${bodyOf(message.html)}</article>
<details><summary>Plain text</summary><pre>${escapeHtml(message.text)}</pre></details>
${(message.attachments ?? []).map((a) => `<section aria-label="Attachment ${escapeHtml(a.filename)}"><h2>Attachment: ${escapeHtml(a.filename)}</h2><p class="note">${escapeHtml(a.contentType)}</p><pre>${escapeHtml(a.content)}</pre></section>`).join('')}`;
      return c.html(page(message.subject, body), 200, { 'cache-control': 'no-store' });
    });
}
