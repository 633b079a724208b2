import { type DocumentReader, extractBill } from '@wattwise/extractor/extract';
import { ExtractionError } from '@wattwise/extractor/types';
import type { BillReading } from '@wattwise/shared/contract/bills';
import { checkBillFile, uploadErrorFor } from './bill-file.ts';
import type { ExtractFn } from './bills.jobs.ts';

/** A reading the user waits for on the form: shorter than a stored bill's job, which may retry. */
const READ_ONCE_TIMEOUT_MS = 2 * 60_000;

export type ReadOnceDeps = {
  /** The bill reader; tests may swap it. */
  extract?: ExtractFn;
  /** The process's reader pool (worker threads); unset, the reading runs in this thread (tests). */
  read?: DocumentReader;
};

const known = (value: string | null): string | null => (value && value.trim() && value !== 'Unknown' ? value.trim() : null);

/**
 * Reads a bill file for a form that only wants its fields (the payment page's 'Read from bill',
 * decision 232): the same screening as an upload, then the reader, and nothing kept — no bill
 * row, no stored file, no slot of the month's allowance. Throws AppError (413, 415, 422) like
 * an upload does; `cancelled` stops the reading.
 */
export async function readBillOnce(deps: ReadOnceDeps, bytes: Uint8Array, cancelled?: AbortSignal): Promise<BillReading> {
  const checked = await checkBillFile(bytes);
  const extract = deps.extract ?? extractBill;
  try {
    // Stopped when the client leaves (its answer has nowhere to go) or past the timeout.
    const timeout = AbortSignal.timeout(READ_ONCE_TIMEOUT_MS);
    const signal = cancelled ? AbortSignal.any([timeout, cancelled]) : timeout;
    const { fields } = await extract(checked.bytes, { signal, ...(deps.read ? { read: deps.read } : {}) });
    return {
      billType: fields.billType.value,
      utilityProvider: known(fields.utilityProvider.value),
      accountNumber: known(fields.accountNumber.value),
      totalAmount: fields.totalAmount.value,
      dueDate: fields.dueDate.value,
      customerName: known(fields.customerName.value),
      serviceAddress: known(fields.serviceAddress.value),
    };
  } catch (error) {
    if (error instanceof ExtractionError) throw uploadErrorFor(error);
    throw error;
  }
}
