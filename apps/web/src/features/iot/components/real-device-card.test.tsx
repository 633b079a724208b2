// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { SMART_HOME_MESSAGES } from '@wattwise/shared/contract/smart-home';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { RealDeviceCard } from './real-device-card.tsx';

describe('RealDeviceCard', () => {
  it('refuses a device id that is not one topic level, without asking the server', async () => {
    const { user, requests } = renderScreen(<RealDeviceCard />, { api: {} });
    const field = await screen.findByLabelText('MQTT device ID');
    await user.clear(field);
    await user.type(field, 'kitchen/plug');
    await user.click(screen.getByRole('button', { name: 'Show topic and token' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SMART_HOME_MESSAGES.deviceIdInvalid);
    expect(requests.filter((r) => r.path === '/api/iot/device-token')).toEqual([]);
  });

  it("shows the device's topic, token and a payload carrying the token, and says when no broker listens", async () => {
    const { user, requests } = renderScreen(<RealDeviceCard />, {
      api: {
        'GET /api/iot/device-token': (r: { url: URL }) => ({
          deviceId: r.url.searchParams.get('deviceId'),
          topic: `wattwise/u1/${r.url.searchParams.get('deviceId')}`,
          token: 'tok-123',
          mqttEnabled: false,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show topic and token' }));
    expect((await screen.findByTestId('iot-device-topic')).textContent).toBe('wattwise/u1/meter-1');
    expect(screen.getByTestId('iot-device-token').textContent).toBe('tok-123');
    expect(screen.getByText(/"token":"tok-123"/)).toBeTruthy();
    expect(screen.getByText(/not connected to an MQTT broker/)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/iot/device-token')?.url.searchParams.get('deviceId')).toBe('meter-1');
  });
});
