// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { ML_MESSAGES } from '@wattwise/shared/contract/ml-analytics';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { MlAnalyticsPage } from './ml-analytics-page.tsx';

describe('MlAnalyticsPage', () => {
  it('sends a visitor home', async () => {
    renderScreen(<MlAnalyticsPage />, { api: { 'GET /api/auth/get-session': null } });
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('says the analysis failed, and says it again on a rerun', async () => {
    let asked = 0;
    const { user } = renderScreen(<MlAnalyticsPage />, {
      api: {
        'GET /api/ml-analytics': () => {
          asked++;
          return reply(500, { error: { code: 'INTERNAL', message: 'x' } });
        },
      },
    });
    expect(await screen.findByText(ML_MESSAGES.failed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Run ML Analysis/ }));
    await waitFor(() => expect(asked).toBe(2));
    // The page's line and the rerun's toast.
    await waitFor(() => expect(screen.getAllByText(ML_MESSAGES.failed)).toHaveLength(2));
  });
});
