import type { BillDetail } from '@wattwise/shared/contract/bills';
import { api } from '@/lib/api-client.ts';
import { followBillProcessing } from './follow-processing.ts';
import { uploadBill } from './upload-bill.ts';

const READ_TIMEOUT_MS = 3 * 60_000;

/**
 * Reads a bill file with the bill reader for a form that wants its fields (the payment page's
 * 'Read from bill'): uploads it as one of the user's bills, follows the job until it is read, and
 * returns what was read. Rejects with the reader's reason when the bill could not be read.
 */
export async function readBillFile(file: File): Promise<BillDetail> {
  const queued = await uploadBill({ file, propertyType: 'residential', billType: 'electricity' });
  await new Promise<void>((resolve, reject) => {
    // A bill still unread after this long is left to the dashboard; the form is filled by hand.
    const timer = window.setTimeout(() => {
      stop();
      reject(new Error(''));
    }, READ_TIMEOUT_MS);
    const stop = followBillProcessing(queued.id, {
      onProgress: () => undefined,
      onDone: () => {
        window.clearTimeout(timer);
        resolve();
      },
      onFailed: (reason) => {
        window.clearTimeout(timer);
        reject(new Error(reason));
      },
    });
  });
  return (await api.get<{ bill: BillDetail }>(`/api/bills/${encodeURIComponent(queued.id)}`)).bill;
}
