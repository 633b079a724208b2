import type { BillFilters } from '@wattwise/shared/contract/bills';
import type { PropertyType } from '@wattwise/shared/contract/common';

/**
 * The TanStack Query cache keys of every API resource. They live outside the features because
 * a change in one domain makes another's data stale (a correction changes the bill list and
 * the recommendations; moving an account moves its bills), and features never import each other.
 */
export const billKeys = {
  all: ['bills'] as const,
  lists: () => [...billKeys.all, 'list'] as const,
  list: (filters: BillFilters & { limit?: number }) => [...billKeys.lists(), filters] as const,
  figures: (filters: BillFilters) => [...billKeys.all, 'figures', filters] as const,
  inFlight: () => [...billKeys.all, 'in-flight'] as const,
  details: () => [...billKeys.all, 'detail'] as const,
  detail: (id: string) => [...billKeys.details(), id] as const,
  pages: (id: string) => [...billKeys.detail(id), 'pages'] as const,
};

export const propertyKeys = {
  all: ['properties'] as const,
  list: () => [...propertyKeys.all, 'list'] as const,
};

export const accountKeys = {
  all: ['utility-accounts'] as const,
  list: (propertyId: string | undefined) => [...accountKeys.all, 'list', propertyId ?? 'all'] as const,
};

export const recommendationKeys = {
  all: ['recommendations'] as const,
  list: (propertyType: PropertyType | undefined) => [...recommendationKeys.all, 'list', propertyType ?? 'all'] as const,
  ofBill: (billId: string) => [...recommendationKeys.all, 'bill', billId] as const,
};

export const processingCostKeys = {
  all: ['processing-costs'] as const,
  summary: () => [...processingCostKeys.all, 'summary'] as const,
};
