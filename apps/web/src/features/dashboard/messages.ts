/** Dashboard and analysis wording, word for word from 01-core §5 and §8. */
export const DASHBOARD_MESSAGES = {
  loading: 'Loading your data...',
  loadBillsFailed: 'Failed to load bills',
  loadRecommendationsFailed: 'Failed to load recommendations',
  loadDataFailed: 'An error occurred while loading your data',
  feedbackFailedTitle: 'Failed to submit feedback',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  feedbackThanks: 'Thank you for your feedback! This helps us improve our service.',
  analyzeFailed: 'Failed to analyze bill',
  analyzeFailedWith: (message: string) => `Failed to analyze bill: ${message}`,
  alreadyAnalyzed: 'This bill has already been analyzed',
  analysisSaved: 'Analysis results saved successfully',
  recommendationsSaved: 'Recommendations saved successfully',
  analysisCompleted: 'Bill analysis completed successfully',
  feedback: {
    correctionRequired: 'Please provide a correction',
    ratingRequired: 'Please provide a rating',
    suggestionRequired: 'Please provide your suggestion',
    correctionOrExplanation: 'Please provide either a correction or explanation',
  },
  emptyAction: 'Upload your first bill',
  unknownProvider: 'Unknown Provider',
} as const;
