/** Every layout family, in a fixed order (bill i of a run uses family i mod count). */
import { cards, landscape, letter, receipt } from './boxed.ts';
import { stubBottom, stubTop, summaryTable, twoColumn } from './classic.ts';
import type { LayoutFamily } from './family.ts';
import { canadian, ledger, telecom } from './regional.ts';
import { commercialMultimeter, multipageTotalP2, municipal } from './special.ts';

export const LAYOUTS: readonly LayoutFamily[] = [
  stubBottom, stubTop, twoColumn, summaryTable, cards, landscape, receipt, letter,
  multipageTotalP2, municipal, commercialMultimeter, telecom, canadian, ledger,
];
