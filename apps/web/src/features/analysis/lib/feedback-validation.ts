import { ANALYSIS_MESSAGES } from '../messages.ts';
import type { FeedbackType } from '@wattwise/shared/contract/feedback';

export type RichFeedbackTab = 'correction' | 'rating' | 'suggestion';

export interface RichFeedbackValues {
  correction: string;
  /** 0 when no star is chosen. */
  rating: number;
  comment: string;
  suggestion: string;
}

export interface FeedbackPayload {
  feedbackType: FeedbackType;
  correctedValue?: string;
  userNotes?: string;
}

export type FeedbackValidation = { ok: true; payload: FeedbackPayload } | { ok: false; message: string };

/**
 * Rules of the rich feedback dialog (01-core §5): each tab has its required value; rating
 * and suggestion are sent as improvements, a correction as a correction; an empty rating
 * comment becomes the note 'Rating: N/5'.
 */
export function validateRichFeedback(tab: RichFeedbackTab, values: RichFeedbackValues): FeedbackValidation {
  const comment = values.comment.trim();
  switch (tab) {
    case 'correction': {
      const correction = values.correction.trim();
      if (!correction) return { ok: false, message: ANALYSIS_MESSAGES.feedback.correctionRequired };
      return { ok: true, payload: { feedbackType: 'correction', correctedValue: correction, userNotes: comment || undefined } };
    }
    case 'rating': {
      const rating = values.rating;
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
        return { ok: false, message: ANALYSIS_MESSAGES.feedback.ratingRequired };
      }
      return { ok: true, payload: { feedbackType: 'improvement', userNotes: comment || `Rating: ${rating}/5` } };
    }
    case 'suggestion': {
      const suggestion = values.suggestion.trim();
      if (!suggestion) return { ok: false, message: ANALYSIS_MESSAGES.feedback.suggestionRequired };
      return { ok: true, payload: { feedbackType: 'improvement', userNotes: suggestion } };
    }
  }
}

/**
 * Rules of the simple feedback dialog: a correction (only offered for type correction) or
 * an explanation is needed.
 */
export function validateSimpleFeedback(type: FeedbackType, correction: string, explanation: string): FeedbackValidation {
  const corrected = type === 'correction' ? correction.trim() : '';
  const notes = explanation.trim();
  if (!corrected && !notes) return { ok: false, message: ANALYSIS_MESSAGES.feedback.correctionOrExplanation };
  return { ok: true, payload: { feedbackType: type, correctedValue: corrected || undefined, userNotes: notes || undefined } };
}
