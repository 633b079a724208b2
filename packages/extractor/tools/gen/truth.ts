/** The JSON written beside each generated bill (the shared truth format plus generator extras). */
import { toIso } from './dates.ts';
import type { BillContext } from './context.ts';

export type BillForm = 'text-pdf' | 'multipage-pdf' | 'scanned-pdf' | 'png-scan' | 'jpeg-photo';

const dollars = (cents: number) => Math.round(cents) / 100;

export function buildTruth(ctx: BillContext, form: BillForm, layout: string) {
  const { bill } = ctx;
  return {
    billType: bill.billType,
    utilityProvider: bill.provider.name,
    providerAliases: bill.provider.aliases,
    accountNumber: bill.accountNumber,
    totalAmount: dollars(bill.totalCents),
    dueDate: toIso(bill.dueDate),
    servicePeriodStart: toIso(bill.periodStart),
    servicePeriodEnd: toIso(bill.periodEnd),
    usageAmount: bill.usageAmount,
    usageUnit: bill.usageUnit,
    customerName: bill.customerName,
    serviceAddress: bill.serviceAddress,
    form,
    layout,
    wording: ctx.wordingId,
    dateFormat: ctx.dateFormat,
    currency: bill.currency,
    statementDate: toIso(bill.statementDate),
    previousBalance: dollars(bill.previousCents),
    paymentsReceived: dollars(bill.paymentCents),
    currentCharges: dollars(bill.currentCents),
    lateFees: dollars(bill.lateFeeCents),
    lineItems: bill.items.map((i) => ({ description: i.description, quantity: i.quantity, unit: i.unit, rate: i.rate, amount: dollars(i.cents), kind: i.kind })),
    services: bill.services.map((s, index) => ({
      service: s.name,
      meter: s.meter?.number ?? null,
      periodStart: toIso(s.start),
      periodEnd: toIso(s.end),
      usage: s.usage,
      unit: s.unit,
      // Commercial meters share one energy charge billed on their total, so none has its own.
      charges: bill.shape === 'commercial' ? null : dollars(bill.items.filter((i) => i.service === index).reduce((sum, i) => sum + i.cents, 0)),
    })),
  };
}

export type BillTruth = ReturnType<typeof buildTruth>;
