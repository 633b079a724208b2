// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { ANALYSIS_MESSAGES } from '../messages.ts';
import { SimpleFeedbackDialog } from './simple-feedback-dialog.tsx';

describe('SimpleFeedbackDialog', () => {
  it('asks for a correction or an explanation before sending anything', async () => {
    const { user, requests } = renderScreen(<SimpleFeedbackDialog open onOpenChange={() => {}} entityType="bill_analysis" entityId="a1" title="Total cost" />);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ANALYSIS_MESSAGES.feedback.correctionOrExplanation);
    expect(screen.getByLabelText('Explanation').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.path === '/api/feedback')).toEqual([]);
  });

  it('sends the explanation, thanks the user and closes', async () => {
    const open: boolean[] = [];
    const { user, requests } = renderScreen(
      <SimpleFeedbackDialog open onOpenChange={(o) => open.push(o)} entityType="bill_analysis" entityId="a1" originalValue="$100.00" title="Total cost" />,
      { api: { 'POST /api/feedback': { feedback: {} } } },
    );
    await user.type(screen.getByLabelText('Explanation'), ' The total is wrong ');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText(ANALYSIS_MESSAGES.feedbackThanks)).toBeTruthy();
    expect(open).toEqual([false]);
    expect(requests.find((r) => r.path === '/api/feedback')?.body).toEqual({
      entityType: 'bill_analysis',
      entityId: 'a1',
      originalValue: '$100.00',
      feedbackType: 'improvement',
      userNotes: 'The total is wrong',
    });
  });
});
