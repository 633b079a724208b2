/** Every layout family, in a fixed order (bill i of a run uses family i mod count). */
import { stubBottom, stubTop, summaryTable, twoColumn } from './classic.ts';
import type { LayoutFamily } from './family.ts';

export const LAYOUTS: readonly LayoutFamily[] = [stubBottom, stubTop, twoColumn, summaryTable];
