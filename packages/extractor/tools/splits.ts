/**
 * Which layout families and wording sets the extractor may be tuned on (TRAIN) and which are
 * kept for evaluation only (HELD-OUT). Evaluate on bills whose layout AND wording are both
 * held out (`--split heldout`) to measure how the reader copes with bills it was not tuned on.
 * Changing this file invalidates earlier held-out results: treat it as fixed.
 */
import type { WordingId } from './gen/wordings.ts';

export type Split = 'train' | 'heldout';

export const LAYOUT_SPLIT = {
  train: ['stub-bottom', 'two-column', 'summary-table', 'receipt', 'multipage-total-p2', 'municipal', 'telecom', 'canadian', 'ledger'],
  heldout: ['stub-top', 'cards', 'landscape', 'letter', 'commercial-multimeter'],
} as const satisfies Record<Split, readonly string[]>;

export const WORDING_SPLIT = {
  train: ['classic', 'formal', 'municipal', 'telecom', 'canadian', 'terse', 'modern'],
  heldout: ['plain', 'legacy', 'billing-system', 'narrative'],
} as const satisfies Record<Split, readonly WordingId[]>;
