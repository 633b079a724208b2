/** Bill list and bill page wording, word for word from 01-core §5 and §8. */
export const BILLS_MESSAGES = {
  loading: 'Loading your data...',
  loadBillsFailed: 'Failed to load bills',
  loadDataFailed: 'An error occurred while loading your data',
  emptyAction: 'Upload your first bill',
  billNotFound: 'Bill not found',
  /** A correction is feedback too (ml_feedback): it is thanked like any other. */
  correctionThanks: 'Thank you for your feedback! This helps us improve our service.',
  correctionFailedTitle: 'Failed to submit feedback',
  correctionFailed: 'Failed to submit feedback. Please try again.',
} as const;
