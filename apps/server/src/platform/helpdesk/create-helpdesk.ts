import type { Logger } from '../logger.ts';
import type { Helpdesk, HelpdeskConfig } from './helpdesk.ts';
import { createZendeskHelpdesk } from './zendesk.ts';

/** The helpdesk the config names, or null: our database is the helpdesk. */
export function createHelpdesk(config: HelpdeskConfig | null, deps: { logger: Logger; fetch?: typeof fetch }): Helpdesk | null {
  if (!config) return null;
  return createZendeskHelpdesk(config, deps);
}
