import type { ExtractionResult } from './types.ts';

/** The summary fields, each printed with its confidence under `fieldConfidence`. */
const OUTPUT_FIELDS = [
  'billType',
  'utilityProvider',
  'accountNumber',
  'totalAmount',
  'dueDate',
  'servicePeriodStart',
  'servicePeriodEnd',
  'usageAmount',
  'usageUnit',
  'customerName',
  'serviceAddress',
  'previousBalance',
  'paymentsReceived',
  'currentCharges',
  'lateFees',
] as const satisfies ReadonlyArray<keyof ExtractionResult['fields']>;

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
    previousBalance: f.previousBalance.value,
    paymentsReceived: f.paymentsReceived.value,
    currentCharges: f.currentCharges.value,
    lateFees: f.lateFees.value,
    charges: f.charges,
    services: f.services,
    fieldConfidence: Object.fromEntries(
      OUTPUT_FIELDS.map((k) => [k, f[k].value === null ? 0 : Math.round(f[k].confidence * 100) / 100]),
    ),
    confidence: r.confidence,
    seconds: r.seconds,
  };
}
