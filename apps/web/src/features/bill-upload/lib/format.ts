// Figures are formatted in one module for the whole app (lib/format.ts); this feature uses these.
export { formatCost, formatDate, formatFileSize, formatMoney, formatMoneyOrNull, MISSING_VALUE } from '@/lib/format.ts';
