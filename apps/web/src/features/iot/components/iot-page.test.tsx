// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { SMART_HOME_MESSAGES } from '@wattwise/shared/contract/smart-home';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { IotPage } from './iot-page.tsx';

/** The page listens to /api/iot/events; a stand-in that records what it opened and never sends. */
function fakeEventSource(): string[] {
  const opened: string[] = [];
  const original = globalThis.EventSource;
  globalThis.EventSource = class {
    constructor(url: string) {
      opened.push(url);
    }
    addEventListener() {}
    close() {}
  } as unknown as typeof EventSource;
  onTestFinished(() => {
    globalThis.EventSource = original;
  });
  return opened;
}

describe('IotPage', () => {
  it('asks a visitor to sign in and opens no live stream', async () => {
    const opened = fakeEventSource();
    renderScreen(<IotPage />, { api: { 'GET /api/auth/get-session': null } });
    expect(await screen.findByText(SMART_HOME_MESSAGES.authenticationRequired)).toBeTruthy();
    expect(opened).toEqual([]);
  });

  it('needs a device ID and type before streaming, and listens for live readings', async () => {
    const opened = fakeEventSource();
    const { user, requests } = renderScreen(<IotPage />, { api: { 'GET /api/iot': { streams: [], readings: [], devices: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Start Streaming' }));
    expect(await screen.findByText(SMART_HOME_MESSAGES.streamFieldsRequired)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(opened).toEqual(['/api/iot/events']);
  });
});
