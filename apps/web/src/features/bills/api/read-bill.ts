import type { BillReading } from '@wattwise/shared/contract/bills';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * Reads a bill file for a form that only wants its fields (the payment page's 'Read from bill'):
 * POST /api/bill-readings, which keeps nothing — no bill, no stored file, no upload of the month
 * (decision 232). Saving the bill is a separate, ordinary upload. Rejects with the server's reason
 * (ApiError) when the file cannot be read.
 */
export async function readBillFile(file: File): Promise<BillReading> {
  const form = new FormData();
  form.append('bill', file, file.name);
  return (await apiRequest<{ reading: BillReading }>('/api/bill-readings', { method: 'POST', body: form })).reading;
}
