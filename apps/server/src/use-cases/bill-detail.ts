import type { Db } from '../db/client.ts';
import { getAnalysisOfBill } from '../features/analysis/analysis.service.ts';
import { type BillDetail, requireBill, toBillDetail } from '../features/bills/bills.service.ts';
import { meterCheckForBill } from '../features/meter-data/meter-data.service.ts';

/**
 * One bill with its read fields, processing, analysis, recommendations and the meter's usage over
 * its period (GET /api/bills/{id}): the bill comes from bills, its analysis from analysis and
 * the check against the meter from meter-data, which sit above bills in the layer order, so they
 * meet here rather than in any one service.
 */
export async function getBillDetail(db: Db, userId: string, id: string): Promise<BillDetail> {
  const row = await requireBill(db, userId, id);
  const { analysis, recommendations } = await getAnalysisOfBill(db, userId, id);
  const detail = toBillDetail(row, analysis, recommendations);
  return { ...detail, meterCheck: await meterCheckForBill(db, userId, detail) };
}
