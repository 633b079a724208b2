import { z } from 'zod';
import { type JobDefinition, type Queue, startTicker } from '../../platform/queue.ts';
import { runAutomationTick } from './automation.ts';
import { type SmartHomeDeps, syncAllDevices } from './smart-home.service.ts';

const tick = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

/** One job evaluates the automation rules and reads every device afresh (02-tools §9: devices sync every 30 s). */
export function automationJob(deps: SmartHomeDeps): JobDefinition<Record<string, never>> {
  return {
    name: 'smart-home-tick',
    schema: tick,
    retryLimit: 0,
    handler: async () => {
      await syncAllDevices(deps);
      await runAutomationTick(deps);
    },
  };
}

/** Starts the smart-home tick in this process; returns the function that stops it. */
export function startSmartHomeJobs(deps: SmartHomeDeps, queue: Queue, intervalSeconds: number): Promise<() => void> {
  return startTicker(queue, automationJob(deps), intervalSeconds, deps.logger);
}
