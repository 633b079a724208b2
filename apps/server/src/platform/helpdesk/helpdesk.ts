import type { TicketPriority, TicketStatus } from '@wattwise/shared/contract/support';

/**
 * An outside helpdesk the support tickets are mirrored to (01-core §1, §7 zendesk-integration).
 * Without one (null) our database is the helpdesk and staff answer from the admin area. With
 * one, a ticket created here is pushed there, and its status and agents' replies come back.
 */
export type HelpdeskConfig = { provider: 'zendesk'; subdomain: string; email: string; apiToken: string; apiUrl: string };

/** A ticket as the helpdesk holds it (ids are the helpdesk's, as strings). */
export type ExternalTicket = { id: string; status: TicketStatus; requesterId: string | null; updatedAt: string };
export type ExternalComment = { id: string; authorId: string; body: string; isPublic: boolean; createdAt: string };

export type NewExternalTicket = {
  /** Our ticket id, kept by the helpdesk so a retried create finds the ticket instead of making a second. */
  externalId: string;
  subject: string;
  description: string;
  priority: TicketPriority;
  type: 'question' | 'incident' | 'problem' | 'task';
  requester: { name: string; email: string };
};

/** What a write returns: the ticket after it, and the id of the comment it added (when the helpdesk says). */
export type ExternalWrite = { ticket: ExternalTicket; commentId: string | null };

export type Helpdesk = {
  kind: 'zendesk';
  name: string;
  createTicket(input: NewExternalTicket): Promise<ExternalWrite>;
  findByExternalId(externalId: string): Promise<ExternalTicket | null>;
  /**
   * A public comment; `authorId` posts it as that helpdesk user (the requester), else it is the
   * API agent's; `status` sets the ticket's status with it.
   */
  addComment(ticketId: string, body: string, options?: { authorId?: string | null; status?: TicketStatus | null }): Promise<ExternalWrite>;
  /** Several tickets at once (unknown ids are left out). */
  getTickets(ids: readonly string[]): Promise<ExternalTicket[]>;
  /** A ticket's comments, oldest first, every page. */
  listComments(ticketId: string): Promise<ExternalComment[]>;
  /** Where an agent opens the ticket. */
  agentUrl(ticketId: string): string;
  /** One authenticated call (who the API token is); throws what went wrong. */
  check(): Promise<{ agent: string; role: string }>;
};

/** A failed helpdesk call: the HTTP status (0 for no answer) and, for 429, how long to wait. */
export class HelpdeskError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'HelpdeskError';
  }
}
