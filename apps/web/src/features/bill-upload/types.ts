/**
 * The parts of the bills API contract (docs/api/bills.md) the upload screen reads.
 * The dashboard feature keeps its own copy of these shapes: features do not import each other.
 */
export type PropertyType = 'residential' | 'commercial';
export type BillType = 'electricity' | 'natural_gas' | 'water' | 'internet' | 'other';
export type BillStatus = 'queued' | 'processing' | 'processed' | 'failed';

export interface Property {
  id: string;
  name: string;
  propertyType: PropertyType;
  address: string | null;
  createdAt: string;
}

export interface BillSummary {
  id: string;
  createdAt: string;
  fileName: string;
  propertyId: string | null;
  propertyType: PropertyType;
  billType: BillType;
  accountId: string | null;
  status: BillStatus;
  progress: number;
  failureReason: string | null;
  utilityProvider: string;
  accountNumber: string;
  /** Amount due; null when it was not read (shown as 'Not found', never $0.00). */
  totalAmount: number | null;
  /** Parts of the amount due, when printed. */
  currentCharges?: number | null;
  previousBalance?: number | null;
  paymentsReceived?: number | null;
  lateFees?: number | null;
  dueDate: string | null;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  usageAmount: number | null;
  usageUnit: string | null;
  processingConfidence: number;
  analyzed: boolean;
  hasAnomalies: boolean;
  duplicateOfId: string | null;
}

export interface ProcessingCostSummary {
  totalCost: number;
  documentsProcessed: number;
  averageCostPerDocument: number;
  textractCosts: number;
  claudeCosts: number;
  monthlyCost: number;
  projectedMonthlyCost: number;
  score: number;
  badge: 'Excellent' | 'Good' | 'Needs Improvement';
  recommendations: string[];
}

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
