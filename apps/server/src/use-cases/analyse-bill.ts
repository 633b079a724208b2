import type { Anomaly } from '@wattwise/shared/contract/analysis';
import { analyzeUserBill, detectBillAnomalies } from '../features/analysis/analysis.service.ts';
import type { Notifier, NotifyInput } from '../features/notifications/notifications.service.ts';
import type { RequestUser } from '../http/types.ts';
import type { Logger } from '../platform/logger.ts';

/**
 * Analyses a bill in the user's scope, then tells the user: that the analysis is ready (with its
 * recommendations, a savings opportunity) and each anomaly or billing error it found. The
 * notifications go out after the analysis is committed, so a notification never points at an
 * analysis that was rolled back.
 */
export async function analyseBillAndNotify(deps: { notifier: Notifier; logger: Logger }, user: RequestUser, billId: string) {
  const { result, anomalies } = await user.inScope(async (db, userId) => {
    const analysed = await analyzeUserBill(db, userId, billId);
    return { result: analysed, anomalies: (await detectBillAnomalies(db, userId, billId)).anomalies };
  });
  await notifyAnalysed(deps, user.id, billId, result.recommendations.length, anomalies);
  return result;
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
