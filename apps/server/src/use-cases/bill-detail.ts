import type { Db } from '../db/client.ts';
import { getAnalysisOfBill } from '../features/analysis/analysis.service.ts';
import { type BillDetail, requireBill, toBillDetail } from '../features/bills/bills.service.ts';

/**
 * One bill with its read fields, processing, analysis and recommendations (GET /api/bills/{id}):
 * the bill comes from bills, its analysis from analysis, which sits above bills in the layer
 * order, so the two meet here rather than in either service.
 */
export async function getBillDetail(db: Db, userId: string, id: string): Promise<BillDetail> {
  const row = await requireBill(db, userId, id);
  const { analysis, recommendations } = await getAnalysisOfBill(db, userId, id);
  return toBillDetail(row, analysis, recommendations);
}
