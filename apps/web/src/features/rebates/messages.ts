/** What the rebates and applications screens say, word for word from the spec (01-core §8, 02-tools §8). */
export const REBATE_MESSAGES = {
  locationUpdated: (place: string) => `Location updated to ${place}`,
  locationFailed: 'Failed to get your location',
  refreshed: 'Rebates refreshed successfully',
  refreshFailed: 'Failed to refresh rebates',
  noApplicationUrl: 'Application URL not available for this rebate',
  recommendationsFailed: (message: string) => `Failed to generate recommendations: ${message}`,
  noRebatesForLocation: 'No rebates available for your location.',
  explainFailed: 'Failed to simplify details with AI',
  eligibilityFailed: 'Failed to check eligibility with AI',
  insightsFailed: 'Failed to get smart home insights with AI',
} as const;

export const APPLICATION_TOASTS = {
  loadFailed: (msg: string) => `Failed to load applications: ${msg}`,
  addFailed: (msg: string) => `Failed to add application: ${msg}`,
  updateFailed: (msg: string) => `Failed to update application: ${msg}`,
  deleteFailed: (msg: string) => `Failed to delete application: ${msg}`,
} as const;

/** The loading card's four steps (01-core §2), one a second. */
export const LOADING_STEPS = ['Analyzing your location', 'Calculating potential savings', 'Finding matching rebates', 'Preparing your recommendations'] as const;
