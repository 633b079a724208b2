import { z } from 'zod';

/**
 * The energy assistant's API contract (01-core §5 'AI chat', §7 claude-chat, §8 'AI chat HTTP
 * mapping'; 02-tools §2.11, §3 'Chat message'). Replies stream as Server-Sent Events: `delta`
 * events with text, then one `done` event with the stored message, or one `error` event.
 */

/** Every message a user reads from the chat, word for word from the spec. */
export const CHAT_MESSAGES = {
  noValidMessages: 'No valid messages after validation',
  configuration: 'AI service configuration error. Please contact support.',
  authentication: 'Authentication error. Please try signing in again.',
  capacity: 'AI service is currently at capacity. Please try again in a moment.',
  unavailable: 'AI service is temporarily unavailable. Please try again in a moment.',
  notConfigured: 'AI service needs to be configured',
  invalidFormat: 'Invalid response format from AI service',
  empty: 'Empty response from AI service',
  network: 'Network connection issue. Please check your internet connection and try again.',
  cancelled: 'Request was cancelled. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  sendFailed: 'Failed to send message. Please try again.',
  /** Ours: shown under a model's answer holding a figure no tool result gave it. */
  unverified: 'This answer contains figures that are not in your bills. Check them against your bills before relying on them.',
} as const;

export const CHAT_ROLES = ['user', 'assistant'] as const;

/** 01-core §5: at least one message; roles user or assistant; content trimmed, empties dropped. */
export const chatRequestSchema = z
  .object({
    messages: z
      .array(z.object({ role: z.enum(CHAT_ROLES), content: z.string().max(4000) }))
      .min(1, CHAT_MESSAGES.noValidMessages)
      .max(50),
  })
  .meta({ id: 'ChatRequest' });
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** The messages left after trimming and dropping empties (what the engines read). */
export function validChatMessages(messages: ChatRequest['messages']): ChatRequest['messages'] {
  return messages.map((m) => ({ role: m.role, content: m.content.trim() })).filter((m) => m.content.length > 0);
}

/** A figure an answer used, with the bill it came from (or the rebate catalogue for a programme's value). */
export const citationSchema = z
  .object({
    label: z.string().meta({ description: "What the figure is, e.g. 'Amount due'" }),
    value: z.string().meta({ description: "As shown in the answer, e.g. '$176.60'" }),
    billId: z.string().nullable().meta({ description: 'The bill the figure is printed on; null for a rebate programme' }),
    source: z.string().meta({ description: 'The bill, e.g. "Bluestem REMC electricity bill, Mar 2026", or the programme' }),
    href: z.string().meta({ description: 'Where the bill opens in the app' }),
  })
  .meta({ id: 'ChatCitation' });
export type Citation = z.infer<typeof citationSchema>;

/** 02-tools §3 'Chat message' (id, content, role, timestamp) plus what grounds an answer. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(CHAT_ROLES),
    content: z.string(),
    timestamp: z.string(),
    citations: z.array(citationSchema),
    engine: z.string().nullable().meta({ description: "Which engine answered ('Wattwise offline assistant' or the model)" }),
    flagged: z.boolean().meta({ description: 'A model answer stated a number no tool result holds' }),
    unverifiedNumbers: z.array(z.string()),
    signInPrompt: z.boolean().meta({ description: 'A visitor asked about bills: the answer invites them to sign in' }),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({ messages: z.array(chatMessageSchema) }).meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** Server-Sent Events of one reply. */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessage } }
  | { event: 'error'; data: { message: string } };

/** 02-tools §5 'Assistant ZIP input' and §8 'Global assistant' location messages. */
export const LOCATION_MESSAGES = {
  fiveDigits: 'Please enter a valid 5-digit ZIP code',
  invalidZip: 'Invalid ZIP code. Please try again.',
  validateFailed: 'Failed to validate ZIP code. Please try again.',
  unsupported: 'Geolocation is not supported by your browser.',
  unavailable: 'Unable to access location. Please enter your ZIP code manually.',
  processFailed: 'Failed to process location. Please try entering ZIP manually.',
  updateFailed: 'Failed to update location.',
} as const;

/** Suggestions appear from 3 typed digits (02-tools §5). */
export const ZIP_SUGGEST_FROM = 3;

export const zipQuerySchema = z.object({ q: z.string().regex(/^\d{3,5}$/, LOCATION_MESSAGES.fiveDigits) });

export const zipPlaceSchema = z.object({ zip: z.string(), city: z.string().nullable(), state: z.string() }).meta({ id: 'ZipPlace' });
export type ZipPlace = z.infer<typeof zipPlaceSchema>;

export const zipLookupSchema = z
  .object({
    suggestions: z.array(zipPlaceSchema).meta({ description: 'Up to 5 ZIPs of the shipped dataset starting with the digits typed' }),
    match: zipPlaceSchema.nullable().meta({ description: 'The ZIP itself when 5 digits were typed and it exists' }),
  })
  .meta({ id: 'ZipLookup' });
export type ZipLookup = z.infer<typeof zipLookupSchema>;
