import { z } from 'zod';
import type { Helpdesk } from '../../platform/helpdesk/helpdesk.ts';
import { type JobDefinition, type Queue, startTicker } from '../../platform/queue.ts';
import { type HelpdeskSyncDeps, pushTicket, syncHelpdesk, syncTicketNow } from './support.helpdesk.ts';
import { NO_MIRROR, type TicketMirror } from './support.service.ts';

/** How often the helpdesk is asked for status changes and agents' replies. */
export const HELPDESK_SYNC_SECONDS = 60;

const pushSchema = z.object({ ticketId: z.uuid() });

/**
 * Pushes one ticket (or its new messages) to the helpdesk. Retried with backoff (5 s doubling with jitter,
 * 45 to 85 minutes in all); past that the sync run queues it again, so an outage loses nothing.
 * Stately: one waiting and one running per ticket, so two runs never create it twice.
 */
export const PUSH_TICKET_JOB = { name: 'helpdesk-push-ticket', schema: pushSchema, retryLimit: 9, retryDelaySeconds: 5, policy: 'stately' as const };

export function pushTicketJob(deps: HelpdeskSyncDeps): JobDefinition<z.infer<typeof pushSchema>> {
  return { ...PUSH_TICKET_JOB, handler: ({ ticketId }) => pushTicket(deps, ticketId) };
}

export function syncTicketsJob(deps: HelpdeskSyncDeps, queue: Pick<Queue, 'send'>): JobDefinition<Record<string, never>> {
  return {
    name: 'helpdesk-sync',
    schema: z.object({}).strict(),
    retryLimit: 0,
    handler: async () => {
      await syncHelpdesk(deps, async (ticketId) => {
        await queue.send(PUSH_TICKET_JOB, { ticketId }, { singletonKey: ticketId });
      });
    },
  };
}

/** The support feature's view of the helpdesk: queue a push (the job does the work), and the agent view. */
export function createTicketMirror(deps: Omit<HelpdeskSyncDeps, 'helpdesk'> & { helpdesk: Helpdesk | null }, queue: Pick<Queue, 'send'>): TicketMirror {
  const { helpdesk } = deps;
  if (!helpdesk) return NO_MIRROR;
  return {
    push: async (ticketId) => {
      await queue.send(PUSH_TICKET_JOB, { ticketId }, { singletonKey: ticketId });
    },
    agentUrl: (id) => helpdesk.agentUrl(id),
    syncNow: (ticketId) => syncTicketNow({ ...deps, helpdesk }, ticketId),
  };
}

/** Starts the push worker and the sync ticker when a helpdesk is configured; returns the stop. */
export async function startSupportJobs(deps: Omit<HelpdeskSyncDeps, 'helpdesk'> & { helpdesk: Helpdesk | null }, queue: Queue): Promise<() => void> {
  const { helpdesk } = deps;
  if (!helpdesk) return () => undefined;
  const full = { ...deps, helpdesk };
  await queue.work(pushTicketJob(full));
  return startTicker(queue, syncTicketsJob(full, queue), HELPDESK_SYNC_SECONDS, deps.logger);
}
