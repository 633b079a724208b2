import type { RecommendationCard } from '@wattwise/shared/contract/analysis';
import type { BillDetail, BillSummary } from '@wattwise/shared/contract/bills';

/**
 * Test data in the contract's shapes: a processed, not yet analysed electricity bill of
 * $100.00 (and a card saving $50 a year); each test states only what it is about.
 */
export function createBillSummary(overrides: Partial<BillSummary> = {}): BillSummary {
  const id = overrides.id ?? 'b1';
  return {
    id,
    createdAt: '2026-03-01T00:00:00Z',
    fileName: `${id}.pdf`,
    propertyId: 'p1',
    propertyType: 'residential',
    billType: 'electricity',
    accountId: 'a1',
    status: 'processed',
    progress: 100,
    failureReason: null,
    utilityProvider: 'Duke Energy',
    providerBrand: null,
    accountNumber: '1',
    totalAmount: 100,
    currentCharges: null,
    previousBalance: null,
    paymentsReceived: null,
    lateFees: null,
    dueDate: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    usageAmount: null,
    usageUnit: null,
    processingConfidence: 1,
    analyzed: false,
    analysisState: null,
    hasAnomalies: false,
    duplicateOfId: null,
    ...overrides,
  };
}

export function createRecommendationCard(overrides: Partial<RecommendationCard> = {}): RecommendationCard {
  return {
    id: 'r1',
    billId: 'b1',
    recommendationType: 'led_lighting',
    title: 'Switch to LED lighting',
    description: '',
    savings: 50,
    costReduced: null,
    savingsPeriod: 'annual',
    difficulty: 'low',
    implemented: false,
    propertyType: 'residential',
    billType: 'electricity',
    upfrontCost: 0,
    paybackPeriodMonths: 0,
    priority: 'medium',
    steps: [],
    needsConfirmation: null,
    ...overrides,
  };
}

/** A processed bill's detail with no fields read; a test adds the fields it is about. */
export function createBillDetail(overrides: Omit<Partial<BillDetail>, 'fields'> & { fields?: Partial<BillDetail['fields']> } = {}): BillDetail {
  const { fields = {}, ...rest } = overrides;
  return {
    ...createBillSummary(rest),
    fileUrl: '/api/bills/b1/file',
    fileSize: 1000,
    mimeType: 'application/pdf',
    // The contract's record names every field; a bill lists those it has (the screen skips the rest).
    fields: fields as BillDetail['fields'],
    charges: [],
    rate: null,
    processing: null,
    aiModel: null,
    aiFields: [],
    crossChecked: [],
    analysis: null,
    recommendations: [],
    meterCheck: null,
    ...rest,
  };
}
