import type { Anomaly } from '@wattwise/shared/contract/analysis';
import type { Db } from '../db/client.ts';
import { analyzeBillRow, clearAnalysis, detectBillAnomalies, findSavedAnalysisTime } from '../features/analysis/analysis.service.ts';
import {
  ANALYSE_BILL_JOB,
  finishBillAnalysis,
  latestCorrectionAt,
  releaseBillAnalysis,
  requireBill,
  setBillAnalysisState,
  type BillRow,
  type ProcessBillPayload,
} from '../features/bills/bills.service.ts';
import { meterBaseLoadOfProperty } from '../features/meter-data/meter-data.service.ts';
import type { Notifier, NotifyInput } from '../features/notifications/notifications.service.ts';
import { AppError } from '../http/errors.ts';
import type { RequestUser } from '../http/types.ts';
import type { Logger } from '../platform/logger.ts';
import type { JobDefinition } from '../platform/queue.ts';

/**
 * Analyses a bill in the user's scope, then tells the user: that the analysis is ready (with its
 * recommendations, a savings opportunity) and each anomaly or billing error it found. The
 * notifications go out after the analysis is committed, so a notification never points at an
 * analysis that was rolled back.
 */
export async function analyseBillAndNotify(deps: { notifier: Notifier; logger: Logger }, user: RequestUser, billId: string) {
  const { result, anomalies } = await user.inScope(async (db, userId) => {
    const bill = await requireBill(db, userId, billId);
    return analyzeBillRow(db, userId, bill, await meterBaseLoadOfBill(db, userId, bill));
  });
  await notifyAnalysed(deps, user.id, billId, result.recommendations.length, anomalies);
  return result;
}

/** With Green Button data of the bill's property, the base load is the meter's, not estimated from bills (the Analyze button and the job alike). */
async function meterBaseLoadOfBill(db: Db, userId: string, bill: Pick<BillRow, 'propertyId'>) {
  return (await meterBaseLoadOfProperty(db, userId, bill.propertyId)) ?? undefined;
}

/** Anomalies found by the on-demand check (detect-bill-anomalies) notify as the analysis does. */
export async function detectAnomaliesAndNotify(deps: { notifier: Notifier; logger: Logger }, user: RequestUser, billId: string) {
  const result = await user.inScope((db, userId) => detectBillAnomalies(db, userId, billId));
  await sendAll(deps, user.id, result.anomalies.map((a) => anomalyNotification(billId, a)));
  return result;
}

function anomalyNotification(billId: string, anomaly: Anomaly): NotifyInput {
  return {
    type: 'anomaly',
    // A billing error is a bill anomaly; unusual usage or cost is a usage alert (02-tools §2.10's toggles).
    alert: anomaly.kind === 'billing' ? 'billAnomalies' : 'usageAlerts',
    title: anomaly.kind === 'billing' ? `Possible billing error: ${anomaly.title}` : anomaly.title,
    message: anomaly.explanation,
    actionUrl: `/dashboard/bills/${billId}`,
    dedupeKey: `anomaly:${billId}:${anomaly.code}`,
  };
}

async function notifyAnalysed(deps: { notifier: Notifier; logger: Logger }, userId: string, billId: string, recommendations: number, anomalies: Anomaly[]) {
  const analysed: NotifyInput = {
    type: 'savings',
    alert: 'savingsOpportunities',
    title: 'Bill analysis ready',
    message:
      recommendations > 0
        ? `Your bill's analysis is ready with ${recommendations} ${recommendations === 1 ? 'way' : 'ways'} to save.`
        : "Your bill's analysis is ready.",
    actionUrl: `/dashboard/bills/${billId}`,
    dedupeKey: `analysed:${billId}`,
  };
  await sendAll(deps, userId, [analysed, ...anomalies.map((a) => anomalyNotification(billId, a))]);
}

async function sendAll(deps: { notifier: Notifier; logger: Logger }, userId: string, inputs: NotifyInput[]) {
  for (const input of inputs) {
    await deps.notifier.notify(userId, input).catch((error: unknown) => deps.logger.warn({ err: error, userId }, 'notification not sent'));
  }
}

export type AnalyseBillJobDeps = { db: Db; notifier?: Notifier; logger: Logger };

async function findOwnBill(db: Db, userId: string, billId: string): Promise<BillRow | null> {
  try {
    return await requireBill(db, userId, billId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The `analyse-bill` job: analyses a processed bill by itself after it was read and after each
 * correction (issue 24: nobody has to press Analyze). The bill shows 'running' meanwhile. An
 * analysis already saved from the current values is kept; one older than the latest correction,
 * or computed while a correction landed, is dropped and made again. The owner is told as the
 * Analyze button does; billing findings notify only when they rest on confident or confirmed
 * values (anomaliesOf). A bill deleted meanwhile, or not processed, is left alone.
 */
export function createAnalyseBillJob(deps: AnalyseBillJobDeps): JobDefinition<ProcessBillPayload> {
  const { db, logger } = deps;
  return {
    ...ANALYSE_BILL_JOB,
    handler: async ({ billId, userId }, { attempt }) => {
      const bill = await findOwnBill(db, userId, billId);
      if (!bill || bill.status !== 'processed') return;
      await setBillAnalysisState(db, userId, billId, 'running');
      try {
        // Read once: a correction does not move the bill to another property.
        const meterBaseLoad = await meterBaseLoadOfBill(db, userId, bill);
        let current = bill;
        for (let pass = 0; pass < 3; pass++) {
          if (current.analyzed) {
            const savedAt = await findSavedAnalysisTime(db, userId, billId);
            const correctedAt = latestCorrectionAt(current);
            if (savedAt && (correctedAt === null || savedAt.toISOString() >= correctedAt)) break;
            await clearAnalysis(db, userId, billId);
            await releaseBillAnalysis(db, userId, billId);
            current = { ...current, analyzed: false };
          }
          let outcome: Awaited<ReturnType<typeof analyzeBillRow>> | null = null;
          try {
            outcome = await analyzeBillRow(db, userId, current, meterBaseLoad);
          } catch (error) {
            // Analysed meanwhile (the Analyze button), or corrected since `current` was read: the finish below tells which.
            if (!(error instanceof AppError && error.code === 'ALREADY_ANALYZED')) throw error;
          }
          // Done, in one write, unless a correction landed while it ran: then analyse again.
          if (await finishBillAnalysis(db, userId, billId, current.corrections)) {
            if (outcome && deps.notifier) {
              await notifyAnalysed({ notifier: deps.notifier, logger }, userId, billId, outcome.result.recommendations.length, outcome.anomalies);
            }
            return;
          }
          const after = await findOwnBill(db, userId, billId);
          if (!after) return;
          current = after;
        }
        await setBillAnalysisState(db, userId, billId, null);
      } catch (error) {
        if (attempt > ANALYSE_BILL_JOB.retryLimit) {
          logger.error({ err: error, billId }, 'bill analysis failed for good');
          await setBillAnalysisState(db, userId, billId, 'failed');
            return;
        }
        await setBillAnalysisState(db, userId, billId, 'queued');
        throw error;
      }
    },
  };
}
