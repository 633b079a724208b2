import { z } from 'zod';

/**
 * The contact form and Support Center contract (01-core §2, §3 support_tickets, §4, §5, §8).
 * The server's routes and the web forms use these schemas.
 */

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const TICKET_TYPES = ['question', 'incident', 'problem', 'task'] as const;
export const TICKET_STATUSES = ['new', 'open', 'pending', 'hold', 'solved', 'closed'] as const;
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);
export const ticketTypeSchema = z.enum(TICKET_TYPES);
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

/** 01-core §4: the Support Center's tabs and the statuses each shows. */
export const TICKET_TABS = ['all', 'open', 'pending', 'closed'] as const;
export const ticketTabSchema = z.enum(TICKET_TABS);
export type TicketTab = z.infer<typeof ticketTabSchema>;
export const TAB_STATUSES: Record<TicketTab, readonly TicketStatus[]> = {
  all: TICKET_STATUSES,
  open: ['new', 'open', 'pending'],
  pending: ['pending'],
  closed: ['solved', 'closed'],
};

/** 01-core §5, §8: what the user reads. */
export const SUPPORT_MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  descriptionRequired: 'Description is required',
  signInForTickets: 'Please sign in to create support tickets.',
  submitFailed: 'Failed to submit your message. Please try again.',
  createTicketFailed: 'Failed to create support ticket',
  fetchTicketsFailed: 'Failed to fetch support tickets',
  ticketCreated: 'Support ticket created',
  messageSentTitle: 'Message sent',
  /** What happens next, said plainly: staff read it in the admin Inbox and answer by email. */
  messageSent: (email: string) => `Thank you for your message. It is in our support team's inbox; they answer by email to ${email}.`,
  inboxReplied: 'Reply sent by email',
  inboxTicketCreated: 'Support ticket created for the sender',
  inboxNoAccount: 'The sender has no Wattwise account: answer by email instead.',
  inboxAlreadyTicket: 'This message already has a support ticket.',
  accessRequiredTitle: 'Access Required',
  accessRequired: 'Please sign in to access the support portal.',
  noTicketsTitle: 'No tickets found',
  noTickets: "You haven't created any support tickets yet.",
  noTabTickets: (tab: string) => `No ${tab} tickets found`,
  notFound: 'Ticket not found',
  synced: 'Ticket synced successfully.',
  syncFailed: 'Failed to sync ticket',
  noHelpdesk: 'No helpdesk is configured: tickets are kept here.',
  /** 01-core §8's rate-limit text: the contact form or ticket creation used too often. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;

const text = (max: number, required: string) => z.string().trim().min(1, required).max(max);

export const contactFormSchema = z.object({
  name: text(200, SUPPORT_MESSAGES.nameRequired),
  email: z.string().trim().email(SUPPORT_MESSAGES.emailInvalid).max(320),
  subject: text(300, SUPPORT_MESSAGES.subjectRequired),
  message: text(10_000, SUPPORT_MESSAGES.messageRequired),
  createTicket: z.boolean().default(false),
  priority: ticketPrioritySchema.default('normal'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

export const createTicketSchema = z.object({
  subject: text(300, SUPPORT_MESSAGES.subjectRequired),
  description: text(10_000, SUPPORT_MESSAGES.descriptionRequired),
  priority: ticketPrioritySchema.default('normal'),
  ticket_type: ticketTypeSchema.default('question'),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

export const ticketMessageInputSchema = z.object({ body: text(10_000, SUPPORT_MESSAGES.messageRequired) });
export const adminReplySchema = ticketMessageInputSchema.extend({ status: ticketStatusSchema.default('pending') });
export type AdminReplyInput = z.input<typeof adminReplySchema>;

export const ticketSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  description: z.string(),
  priority: ticketPrioritySchema,
  ticket_type: ticketTypeSchema,
  status: ticketStatusSchema,
  requester_email: z.string(),
  requester_name: z.string(),
  zendesk_ticket_id: z.string().nullable(),
  /** The helpdesk's agent view of the ticket, when it is synced to one. */
  agent_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  solved_at: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['requester', 'staff']),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = z.object({ ticket: ticketSchema, messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
export const ticketListSchema = z.object({ tickets: z.array(ticketSchema) });
export const ticketListQuerySchema = z.object({ tab: ticketTabSchema.default('all') });
export const contactResultSchema = z.object({ received: z.literal(true), ticket: ticketSchema.nullable() });

/** A visitor's contact message as staff see it in the admin Inbox. */
export const contactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender's account when they were signed in; null for a visitor. */
  user_id: z.string().nullable(),
  ticket_id: z.string().nullable(),
  created_at: z.string(),
  replied_at: z.string().nullable(),
  reply: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactInboxSchema = z.object({ messages: z.array(contactMessageSchema) });
export const contactReplySchema = ticketMessageInputSchema;
export type ContactReplyInput = z.input<typeof contactReplySchema>;
