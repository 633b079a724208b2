// IoT monitoring through the HTTP API: streams, the server's readings job, the live channel,
// and another user's and a visitor's view.
import type { IotState, Reading } from '@wattwise/shared/contract/smart-home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitSimulatedReadings } from '../features/iot/iot.service.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

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

describe('IoT streaming', () => {
  it('needs a device ID and type', async () => {
    const res = await ctx.json<{ error: { message: string; details: unknown } }>(alice, '/api/iot/streams', { method: 'POST', body: { device_id: ' ', device_type: 'smart_plug' } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Please fill in device ID and type');
  });

  it('writes readings in the type ranges on each job run, sends them live, and stops on Stop', async () => {
    expect((await ctx.json(alice, '/api/iot/streams', { method: 'POST', body: { device_id: 'plug-1', device_type: 'smart_plug', name: 'Desk plug', location: 'Office' } })).status).toBe(201);
    expect((await ctx.json(alice, '/api/iot/streams', { method: 'POST', body: { device_id: 'home', device_type: 'whole_home_monitor' } })).status).toBe(201);

    // The live channel: open the SSE stream, then let the job write.
    const res = await ctx.app.request('/api/iot/events', { headers: { cookie: alice } });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array> | null)?.getReader();
    if (!reader) throw new Error('no stream');
    const received: Reading[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      while (received.length < 2) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value);
        for (const m of buffer.matchAll(/event: reading\ndata: (.+)\n/g)) if (m[1]) received.push(JSON.parse(m[1]) as Reading);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    expect(await emitSimulatedReadings(ctx.iot)).toBe(2);
    await reading;
    await reader.cancel();
    expect(received.map((r) => r.device_id).sort()).toEqual(['home', 'plug-1']);

    await emitSimulatedReadings(ctx.iot);
    const state = await ctx.json<IotState>(alice, '/api/iot');
    expect(state.body.streams).toHaveLength(2);
    expect(state.body.readings).toHaveLength(4);
    for (const r of state.body.readings) {
      const [min, max] = r.device_type === 'smart_plug' ? [50, 250] : [2000, 5000];
      expect(r.value).toBeGreaterThanOrEqual(min);
      expect(r.value).toBeLessThanOrEqual(max);
      expect(r).toMatchObject({ reading_type: 'power_watts', unit: 'W', metadata: { simulated: true } });
    }
    expect(state.body.devices.map((d) => d.name).sort()).toEqual(['Desk plug', 'Whole Home Monitor']);

    expect((await ctx.json(alice, '/api/iot/streams/plug-1', { method: 'DELETE' })).status).toBe(204);
    expect(await emitSimulatedReadings(ctx.iot)).toBe(1);
  });

  it("another user sees none of it and cannot stop it; a visitor gets 401", async () => {
    const state = await ctx.json<IotState>(bob, '/api/iot');
    expect(state.body).toEqual({ streams: [], readings: [], devices: [] });
    expect((await ctx.json(bob, '/api/iot/streams/home', { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.json(null, '/api/iot')).status).toBe(401);
    expect((await ctx.json(null, '/api/iot/events')).status).toBe(401);
    expect((await ctx.json(null, '/api/iot/streams', { method: 'POST', body: {} })).status).toBe(401);
  });
});
