// MQTT ingestion against a real broker on 127.0.0.1:1883 (Mosquitto on these machines); skipped,
// saying so, where none answers.
import net from 'node:net';
import type { IotState } from '@wattwise/shared/contract/smart-home';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
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

  it("stores a published reading as the topic's user's, and only theirs", async () => {
    const session = await ctx.json<{ user: { id: string } }>(alice, '/api/auth/get-session');
    const userId = session.body.user.id;
    const ingest = await startMqttIngest(ctx.iot, BROKER);
    const publisher = await mqtt.connectAsync(BROKER);
    try {
      await publisher.publishAsync(`wattwise/${userId}/meter-1`, JSON.stringify({ device_type: 'whole_home_monitor', value: 3120, name: 'Basement meter' }), { qos: 1 });
      await publisher.publishAsync(`wattwise/${userId}/meter-1`, 'not json', { qos: 1 });
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
    } finally {
      await publisher.endAsync();
      await ingest.stop();
    }
  });
});
