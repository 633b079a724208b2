import { z } from 'zod';

/** The admin area's contract (01-core §2, §6): the server's answer to "is this caller an admin". */

export const ADMIN_MESSAGES = {
  /** 01-core §6: a signed-in user who is not an admin (also the server's 403 message). */
  accessDenied: 'Access denied: You do not have permission to view this page.',
  /** 01-core §6: the check itself failed. */
  authError: 'Authentication error: There was an error verifying your permissions.',
  /** 02-tools §8: the feedback analytics page's own wording of the same two cases. */
  feedbackNoPermission: 'You do not have permission to view this page',
  feedbackAuthError: 'Authentication error',
} as const;

export const adminStatusSchema = z.object({ isAdmin: z.literal(true), userId: z.string() }).meta({ id: 'AdminStatus' });
export type AdminStatus = z.infer<typeof adminStatusSchema>;
