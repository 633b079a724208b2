/** Analysis, recommendation and feedback wording, word for word from 01-core §5 and §8. */
export const ANALYSIS_MESSAGES = {
  loadRecommendationsFailed: 'Failed to load recommendations',
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
} as const;
