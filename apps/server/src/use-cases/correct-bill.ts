import type { Db } from '../db/client.ts';
import { clearAnalysis } from '../features/analysis/analysis.service.ts';
import { applyBillCorrections, type BillDetail, type Correction } from '../features/bills/bills.service.ts';
import { recordBillCorrections } from '../features/feedback/feedback.service.ts';
import { getBillDetail } from './bill-detail.ts';

/**
 * The user corrects read values of a bill (PATCH /api/bills/{id}/fields), in one transaction:
 * bills applies them, feedback records each one as an `ml_feedback` correction, and the old
 * analysis is dropped so the bill can be analysed again with the corrected values.
 */
export async function correctBill(db: Db, userId: string, id: string, corrections: readonly Correction[], notes: string | undefined): Promise<BillDetail> {
  await db.transaction(async (tx) => {
    const applied = await applyBillCorrections(tx, userId, id, corrections);
    await recordBillCorrections(tx, userId, id, applied, notes);
    await clearAnalysis(tx, userId, id);
  });
  return getBillDetail(db, userId, id);
}
