// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { FeedbackAnalysisView } from './feedback-analysis-page.tsx';

describe('FeedbackAnalysisView', () => {
  it("shows the server's error instead of figures", async () => {
    renderScreen(<FeedbackAnalysisView />, { api: { 'GET /api/admin/feedback-analysis': reply(403, { error: { code: 'FORBIDDEN', message: 'Admins only' } }) } });
    expect(await screen.findByText('Admins only')).toBeTruthy();
    expect(screen.queryByText('Total Feedback')).toBeNull();
    expect(screen.getByRole('button', { name: /Export Data/ })).toBeTruthy();
  });
});
