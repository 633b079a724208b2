// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, reply } from '@/test/render.tsx';
import { MeterDataUpload } from './meter-data-page.tsx';

const file = () => new File(['<feed/>'], 'usage.xml', { type: 'text/xml' });

describe('MeterDataUpload', () => {
  it('imports a chosen Green Button file and says what was new', async () => {
    const { user, requests } = renderScreen(<MeterDataUpload />, {
      api: { 'POST /api/meter-data': { fileName: 'usage.xml', meters: [{ commodity: 'electricity', readingsInFile: 2880, readingsAdded: 96 }] } },
    });
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText('Green Button file'), file());
    await user.click(importButton);
    expect((await screen.findByRole('status')).textContent).toBe('Imported usage.xml: Electricity meter, 2,880 readings (96 new).');
    const sent = requests.find((r) => r.method === 'POST')?.body;
    expect(sent instanceof FormData && (sent.get('file') as File).name).toBe('usage.xml');
  });

  it("shows why a file was not imported, in the server's words", async () => {
    const { user } = renderScreen(<MeterDataUpload />, {
      api: { 'POST /api/meter-data': reply(422, { error: { code: 'INVALID_FILE', message: 'This is not a Green Button file.' } }) },
    });
    await user.upload(screen.getByLabelText('Green Button file'), file());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Not imported')).toBeTruthy();
    expect(screen.getByText('This is not a Green Button file.')).toBeTruthy();
  });
});
