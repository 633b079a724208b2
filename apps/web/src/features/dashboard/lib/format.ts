// Figures are formatted in one module for the whole app (lib/format.ts); the dashboard re-exports it.
export {
  formatChange,
  formatCost,
  formatDate,
  formatMoney,
  formatMoneyOrNull,
  formatMonth,
  formatPercent,
  formatUnitPrice,
  formatUsage,
  MISSING_VALUE,
} from '@/lib/format.ts';

/** Confidence level shown on badges: High from 0.9, Medium from 0.7, else Low. */
export function confidenceLevel(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence >= 0.9) return 'High';
  if (confidence >= 0.7) return 'Medium';
  return 'Low';
}
