// MQTT ingestion against a real broker on 127.0.0.1:1883 (Mosquitto on these machines); skipped,
// saying so, where none answers.
import net from 'node:net';
import type { IotState } from '@wattwise/shared/contract/smart-home';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { deviceToken, deviceTokenKey } from '../features/iot/device-token.ts';
import { parseTopic, startMqttIngest } from '../features/iot/mqtt-ingest.ts';

const BROKER = 'mqtt://127.0.0.1:1883';

async function brokerAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 1883 });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const hasBroker = await brokerAnswers();
if (!hasBroker) console.warn(`MQTT ingestion test skipped: no MQTT broker answers on ${BROKER} (install and start mosquitto to run it).`);

describe('MQTT topics', () => {
  it('reads the user and device of wattwise/<user>/<device> only', () => {
    expect(parseTopic('wattwise/u1/plug-7')).toEqual({ userId: 'u1', deviceId: 'plug-7' });
    expect(parseTopic('wattwise/u1')).toBeNull();
    expect(parseTopic('other/u1/d')).toBeNull();
  });
});

describe('device tokens', () => {
  let ctx: BillsTestContext;
  beforeAll(async () => {
    ctx = await createBillsTestContext({}, { startWorker: false });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('are issued to a signed-in user for a valid device id only', async () => {
    const alice = await ctx.signIn();
    const res = await ctx.app.request('/api/iot/device-token?deviceId=meter-1');
    expect(res.status).toBe(401);
    expect((await ctx.json(alice, '/api/iot/device-token?deviceId=a/b')).status).toBe(422);
    expect((await ctx.json(alice, '/api/iot/device-token?deviceId=%23')).status).toBe(422);
    const ok = await ctx.json<{ token: string; mqttEnabled: boolean }>(alice, '/api/iot/device-token?deviceId=meter-1');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.body.mqttEnabled).toBe(false);
    // The same device gets the same token (a device keeps working across restarts), another device another.
    expect((await ctx.json<{ token: string }>(alice, '/api/iot/device-token?deviceId=meter-1')).body.token).toBe(ok.body.token);
    expect((await ctx.json<{ token: string }>(alice, '/api/iot/device-token?deviceId=meter-2')).body.token).not.toBe(ok.body.token);
  });
});

describe.skipIf(!hasBroker)('MQTT ingestion (broker on 127.0.0.1:1883)', () => {
  let ctx: BillsTestContext;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    ctx = await createBillsTestContext({}, { startWorker: false });
    alice = await ctx.signIn();
    bob = await ctx.signIn();
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it("stores a published reading as the topic's user's, only with that device's token", async () => {
    const session = await ctx.json<{ user: { id: string } }>(alice, '/api/auth/get-session');
    const userId = session.body.user.id;
    // The token the IoT page shows Alice for her device (the test app's key is its AUTH_SECRET's).
    const issued = await ctx.json<{ topic: string; token: string }>(alice, '/api/iot/device-token?deviceId=meter-1');
    expect(issued.status).toBe(200);
    expect(issued.body.topic).toBe(`wattwise/${userId}/meter-1`);
    const group = `test-${Math.random().toString(36).slice(2, 8)}`;
    const key = deviceTokenKey(ctx.secrets.authSecret);
    const ingest = await startMqttIngest(ctx.iot, BROKER, key, group);
    const publisher = await mqtt.connectAsync(BROKER);
    try {
      const reading = (value: number, token?: string) => JSON.stringify({ device_type: 'whole_home_monitor', value, name: 'Basement meter', ...(token === undefined ? {} : { token }) });
      // Someone who can reach the broker but holds no token, or another device's, writes nothing.
      await publisher.publishAsync(issued.body.topic, reading(1), { qos: 1 });
      await publisher.publishAsync(issued.body.topic, reading(2, deviceToken(key, userId, 'meter-2')), { qos: 1 });
      await publisher.publishAsync(issued.body.topic, reading(3, issued.body.token.slice(1)), { qos: 1 });
      await publisher.publishAsync(issued.body.topic, reading(3120, issued.body.token), { qos: 1 });
      await publisher.publishAsync(issued.body.topic, 'not json', { qos: 1 });
      let state: IotState | null = null;
      for (let i = 0; i < 50; i += 1) {
        state = (await ctx.json<IotState>(alice, '/api/iot')).body;
        if (state.readings.length > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(state?.readings).toHaveLength(1);
      expect(state?.readings[0]).toMatchObject({ device_id: 'meter-1', value: 3120, reading_type: 'power_watts', unit: 'W', metadata: { name: 'Basement meter', simulated: false, source: 'mqtt' } });
      expect(state?.devices[0]).toMatchObject({ name: 'Basement meter', last_reading: 3120, simulated: false });
      expect((await ctx.json<IotState>(bob, '/api/iot')).body.readings).toEqual([]);
      // Bob's token for Alice's topic is not hers.
      const bobs = await ctx.json<{ topic: string; token: string }>(bob, '/api/iot/device-token?deviceId=meter-1');
      expect(bobs.body.topic).not.toBe(issued.body.topic);
      expect(bobs.body.token).not.toBe(issued.body.token);
    } finally {
      await publisher.endAsync();
      await ingest.stop();
    }
  });
});
