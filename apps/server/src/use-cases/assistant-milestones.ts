import type { MilestoneCheck } from '@wattwise/shared/contract/assistant-memory';
import type { Db } from '../db/client.ts';
import { recordMilestones } from '../features/assistant/assistant.service.ts';
import { implementedYearlySavings } from '../features/gamification/gamification.service.ts';

/**
 * The floating assistant's milestones (02-tools §4; decision 092): '$100 saved' from the
 * estimated yearly savings of the recommendations the user marked implemented (gamification),
 * 'first rebate application' from the applications tracker; recorded in the assistant's memory.
 */
export async function checkAssistantMilestones(db: Db, userId: string): Promise<MilestoneCheck> {
  return recordMilestones(db, userId, await implementedYearlySavings(db, userId));
}
