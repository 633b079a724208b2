import { describe, expect, it } from 'vitest';
import { validateRichFeedback, validateSimpleFeedback, type RichFeedbackValues } from './feedback-validation.ts';

const empty: RichFeedbackValues = { correction: '', rating: 0, comment: '', suggestion: '' };

describe('rich feedback dialog', () => {
  it('needs a corrected value on the correction tab and sends it as a correction', () => {
    expect(validateRichFeedback('correction', { ...empty, correction: '   ' })).toEqual({
      ok: false,
      message: 'Please provide a correction',
    });
    expect(validateRichFeedback('correction', { ...empty, correction: ' 812 kWh ', comment: 'meter photo' })).toEqual({
      ok: true,
      payload: { feedbackType: 'correction', correctedValue: '812 kWh', userNotes: 'meter photo' },
    });
  });

  it('needs a rating from 1 to 5 and turns an empty comment into "Rating: N/5"', () => {
    expect(validateRichFeedback('rating', empty)).toEqual({ ok: false, message: 'Please provide a rating' });
    expect(validateRichFeedback('rating', { ...empty, rating: 6 })).toMatchObject({ ok: false });
    expect(validateRichFeedback('rating', { ...empty, rating: 4 })).toEqual({
      ok: true,
      payload: { feedbackType: 'improvement', userNotes: 'Rating: 4/5' },
    });
    expect(validateRichFeedback('rating', { ...empty, rating: 2, comment: 'Too generic' })).toEqual({
      ok: true,
      payload: { feedbackType: 'improvement', userNotes: 'Too generic' },
    });
  });

  it('needs text on the suggestion tab and sends it as an improvement', () => {
    expect(validateRichFeedback('suggestion', { ...empty, suggestion: '\n' })).toEqual({
      ok: false,
      message: 'Please provide your suggestion',
    });
    expect(validateRichFeedback('suggestion', { ...empty, suggestion: 'Show weekends' })).toEqual({
      ok: true,
      payload: { feedbackType: 'improvement', userNotes: 'Show weekends' },
    });
  });
});

describe('simple feedback dialog', () => {
  it('needs a correction or an explanation', () => {
    expect(validateSimpleFeedback('inaccuracy', '', ' ')).toEqual({
      ok: false,
      message: 'Please provide either a correction or explanation',
    });
  });

  it('only counts the correction field for type correction', () => {
    expect(validateSimpleFeedback('improvement', '$120', '')).toMatchObject({ ok: false });
    expect(validateSimpleFeedback('correction', '$120', '')).toEqual({
      ok: true,
      payload: { feedbackType: 'correction', correctedValue: '$120', userNotes: undefined },
    });
    expect(validateSimpleFeedback('inaccuracy', 'ignored', 'Savings look too high')).toEqual({
      ok: true,
      payload: { feedbackType: 'inaccuracy', correctedValue: undefined, userNotes: 'Savings look too high' },
    });
  });
});
