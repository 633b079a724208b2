import type { BillSummary, BillType } from '@wattwise/shared/contract/bills';
import type { PropertyType } from '@wattwise/shared/contract/common';

/** How the contract's bill and property values read on screen, wherever a bill is shown. */

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
};

export const BILL_TYPE_LABELS: Record<BillType, string> = {
  electricity: 'Electricity',
  natural_gas: 'Natural Gas',
  water: 'Water',
  internet: 'Internet',
  other: 'Other',
};

/** The spec's name for a bill whose provider was not read. */
export const UNKNOWN_PROVIDER = 'Unknown Provider';

/** Provider as shown in tables: the spec's 'Unknown Provider' when the bill reader found none. */
export function providerName(provider: string | null | undefined): string {
  const name = provider?.trim();
  return name && name.toLowerCase() !== 'unknown' ? name : UNKNOWN_PROVIDER;
}

/** Date a bill stands for: end of its service period, else its due date, else the upload day. */
export function billDate(bill: Pick<BillSummary, 'servicePeriodEnd' | 'dueDate' | 'createdAt'>): string {
  return bill.servicePeriodEnd ?? bill.dueDate ?? bill.createdAt;
}
