import { z } from 'zod';
import { type JobDefinition, type Queue, startTicker } from '../../platform/queue.ts';
import { emitSimulatedReadings, type IotDeps } from './iot.service.ts';

/** 02-tools §9: the IoT simulation emits a reading every 5 s. */
export const IOT_INTERVAL_SECONDS = 5;

export function iotStreamJob(deps: IotDeps): JobDefinition<Record<string, never>> {
  return {
    name: 'iot-stream-tick',
    schema: z.object({}).strict(),
    retryLimit: 0,
    handler: async () => {
      await emitSimulatedReadings(deps);
    },
  };
}

export function startIotJobs(deps: IotDeps, queue: Queue): Promise<() => void> {
  return startTicker(queue, iotStreamJob(deps), IOT_INTERVAL_SECONDS, deps.logger);
}
