import type { ExtractionResult } from './types.ts';

/** The NDJSON line for one bill: the fields under fixed keys, null when not found. */
export function toOutputLine(file: string, r: ExtractionResult): Record<string, unknown> {
  const f = r.fields;
  return {
    file,
    billType: f.billType.value,
    utilityProvider: f.utilityProvider.value,
    accountNumber: f.accountNumber.value,
    totalAmount: f.totalAmount.value,
    dueDate: f.dueDate.value,
    servicePeriodStart: f.servicePeriodStart.value,
    servicePeriodEnd: f.servicePeriodEnd.value,
    usageAmount: f.usageAmount.value,
    usageUnit: f.usageUnit.value,
    customerName: f.customerName.value,
    serviceAddress: f.serviceAddress.value,
    confidence: r.confidence,
    seconds: r.seconds,
  };
}
