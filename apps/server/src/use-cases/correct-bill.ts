import type { Db } from '../db/client.ts';
import type { Logger } from '../platform/logger.ts';
import type { Queue } from '../platform/queue.ts';
import { clearAnalysis } from '../features/analysis/analysis.service.ts';
import { applyBillCorrections, type BillDetail, type Correction, sendBillAnalysis } from '../features/bills/bills.service.ts';
import { recordBillCorrections } from '../features/feedback/feedback.service.ts';
import { detailOf } from './bill-detail.ts';

/**
 * The user corrects read values of a bill (PATCH /api/bills/{id}/fields), in one transaction:
 * bills applies them, feedback records each one as an `ml_feedback` correction, and the old
 * analysis is dropped. Then the bill is analysed again by itself with the corrected values
 * (the analyse-bill job, sent unless one is already waiting for the bill: corrections made one
 * after another queue one analysis); the answer already says the analysis is queued.
 */
export async function correctBill(
  deps: { db: Db; queue: Pick<Queue, 'send'>; logger: Logger },
  userId: string,
  id: string,
  corrections: readonly Correction[],
  notes: string | undefined,
): Promise<BillDetail> {
  const { row, analysisPending } = await deps.db.transaction(async (tx) => {
    const { applied, row: corrected, analysisPending: pending } = await applyBillCorrections(tx, userId, id, corrections);
    await recordBillCorrections(tx, userId, id, applied, notes);
    await clearAnalysis(tx, userId, id);
    return { row: corrected, analysisPending: pending };
  });
  const queued = analysisPending || (await sendBillAnalysis(deps, userId, id));
  // The answer is the bill as committed (analysis dropped, analysis queued), not read again.
  return (await detailOf(deps.db, userId, queued ? row : { ...row, analysisState: 'failed' }, null, [])).detail;
}
