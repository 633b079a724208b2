import type { Db } from '../db/client.ts';
import { getAnalysisOfBill } from '../features/analysis/analysis.service.ts';
import { type BillDetail, type BillRow, requireBill, toBillDetail } from '../features/bills/bills.service.ts';
import { meterCheckOfBill } from '../features/meter-data/meter-data.service.ts';

/**
 * One bill with its read fields, processing, analysis, recommendations and the meter's usage over
 * its period (GET /api/bills/{id}): the bill comes from bills, its analysis from analysis and
 * the check against the meter from meter-data, which sit above bills in the layer order, so they
 * meet here rather than in any one service.
 */
export async function getBillDetail(db: Db, userId: string, id: string): Promise<BillDetail> {
  return (await getBillDetailAnswer(db, userId, id)).detail;
}

/**
 * The detail, and whether it depends on meter readings (a meter of the bill's kind exists). Every
 * other part changes only with the user's bill version (the bill, its analysis and
 * recommendations, the user's meters: decision 200), so an answer without a meter may be kept
 * by that version.
 */
export async function getBillDetailAnswer(db: Db, userId: string, id: string): Promise<{ detail: BillDetail; metered: boolean }> {
  const row = await requireBill(db, userId, id);
  const { analysis, recommendations } = await getAnalysisOfBill(db, userId, id);
  return detailOf(db, userId, row, analysis, recommendations);
}

/** The detail of a bill row the caller already holds with its analysis (a correction's answer: none). */
export async function detailOf(
  db: Db,
  userId: string,
  row: BillRow,
  analysis: Parameters<typeof toBillDetail>[1],
  recommendations: Parameters<typeof toBillDetail>[2],
): Promise<{ detail: BillDetail; metered: boolean }> {
  const detail = toBillDetail(row, analysis, recommendations);
  const { check, metered } = await meterCheckOfBill(db, userId, detail);
  return { detail: { ...detail, meterCheck: check }, metered };
}
