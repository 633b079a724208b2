// Smart home through the HTTP API: the direct simulator, commands, rules run by the job with a
// test clock, and what another user or a visitor may not see or change.
import type { AutomationRule, ControlResult, Device } from '@wattwise/shared/contract/smart-home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutomationTick } from '../features/smart-home/automation.ts';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { smartHomeCredential } from '../db/schema/smart-home.ts';

let ctx: BillsTestContext;
let alice: string;
let bob: string;
const API_KEY = 'sk-test-very-secret-4711';

beforeAll(async () => {
  ctx = await createBillsTestContext({ TEST_CLOCK: 'true' }, { startWorker: false });
  alice = await ctx.signIn();
  bob = await ctx.signIn();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function connectDirect(cookie: string) {
  const connect = await ctx.json<{ credential_id: string }>(cookie, '/api/smart-home/connect', { method: 'POST', body: { platform: 'direct', credentials: { api_key: API_KEY } } });
  expect(connect.status).toBe(201);
  const discover = await ctx.json<{ devices: Device[] }>(cookie, '/api/smart-home/discover', {
    method: 'POST',
    body: { platform: 'direct', credential_id: connect.body.credential_id, timeZone: 'America/New_York' },
  });
  expect(discover.status).toBe(200);
  return { credentialId: connect.body.credential_id, devices: discover.body.devices };
}

const byType = (devices: Device[], type: Device['type']) => {
  const found = devices.find((d) => d.type === type);
  if (!found) throw new Error(`no ${type}`);
  return found;
};

describe('smart home', () => {
  let devices: Device[];
  let credentialId: string;

  it('connects the direct simulator, discovers its six devices labelled simulated, and keeps the credential sealed', async () => {
    ({ devices, credentialId } = await connectDirect(alice));
    expect(devices).toHaveLength(6);
    expect(devices.every((d) => d.simulated && d.platform === 'direct' && d.status === 'connected')).toBe(true);
    expect(byType(devices, 'thermostat').last_reading).toBe(72);
    const [stored] = await ctx.database.db.select().from(smartHomeCredential);
    expect(stored?.secretBox).toMatch(/^v1\./);
    expect(stored?.secretBox).not.toContain(API_KEY);
    const creds = await ctx.json<{ credentials: Record<string, unknown>[] }>(alice, '/api/smart-home/credentials');
    expect(creds.body.credentials).toHaveLength(1);
    expect(Object.keys(creds.body.credentials[0] ?? {}).sort()).toEqual(['created_at', 'expires_at', 'id', 'platform']);
  });

  it("refuses a connect without the platform credential fields (422) and a vendor platform whose Home Assistant is on this server's network (502)", async () => {
    expect((await ctx.json(alice, '/api/smart-home/connect', { method: 'POST', body: { platform: 'google_home', credentials: { api_key: 'x' } } })).status).toBe(422);
    const vendor = await ctx.json<{ error: { message: string; details: { reason: string } } }>(alice, '/api/smart-home/connect', {
      method: 'POST',
      body: { platform: 'google_home', credentials: { home_assistant_url: 'http://127.0.0.1:8123', api_key: 'c' } },
    });
    expect(vendor.status).toBe(502);
    expect(vendor.body.error.message).toBe('Failed to connect to platform');
    expect(vendor.body.error.details.reason).toMatch(/not allowed/);
    // The server's own Home Assistant is for admins, and this server has none.
    expect((await ctx.json(alice, '/api/smart-home/connect', { method: 'POST', body: { platform: 'google_home', server_home_assistant: true } })).status).toBe(403);
  });

  it('runs commands with the spec semantics; the state persists; a rediscovery keeps it', async () => {
    const thermostat = byType(devices, 'thermostat');
    const set = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: thermostat.id, command: 'setTemperature', value: 68 } });
    expect(set.body).toEqual({ device_id: thermostat.id, command: 'setTemperature', previous_value: 72, new_value: 68, message: 'Command executed on Living Room Thermostat' });
    expect((await ctx.json(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: thermostat.id, command: 'setTemperature', value: 90 } })).status).toBe(422);
    const light = devices.find((d) => d.name === 'Kitchen Lights');
    if (!light) throw new Error('no kitchen lights');
    const off = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: light.id, command: 'toggle' } });
    expect(off.body.new_value).toBe(0);
    const on = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: light.id, command: 'turnOn' } });
    expect(on.body.new_value).toBe(100);
    await connectDirect(alice);
    const list = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/devices');
    expect(list.body.devices).toHaveLength(6);
    expect(byType(list.body.devices, 'thermostat').last_reading).toBe(68);
    expect(byType(list.body.devices, 'thermostat').settings.temperature).toBe(68);
    const sync = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/sync', { method: 'POST', body: {} });
    const monitor = byType(sync.body.devices, 'energy_monitor');
    expect(monitor.last_reading).toBeGreaterThanOrEqual(2);
    expect(monitor.last_reading).toBeLessThanOrEqual(5);
  });

  it("counts each discovered device once toward gamification's Connect Device action, however often it is discovered", async () => {
    await ctx.json(alice, '/api/smart-home/discover', { method: 'POST', body: { platform: 'direct', credential_id: credentialId } });
    const mine = await ctx.json<{ points: number; counts: { devicesConnected: number } }>(alice, '/api/gamification');
    expect(mine.body.counts.devicesConnected).toBe(6);
    expect(mine.body.points).toBeGreaterThanOrEqual(6 * 25);
    expect((await ctx.json<{ counts: { devicesConnected: number } }>(bob, '/api/gamification')).body.counts.devicesConnected).toBe(0);
  });

  it('fires a time rule at its time on the test clock, changes the device and records the run; edit and delete work', async () => {
    const clock = ctx.clockControl;
    if (!clock) throw new Error('TEST_CLOCK is off');
    const lamp = devices.find((d) => d.name === 'Bedroom Lamp');
    if (!lamp) throw new Error('no lamp');
    clock.set(new Date('2026-11-23T11:50:00Z')); // 06:50 in New York
    const created = await ctx.json<{ rule: AutomationRule }>(alice, '/api/smart-home/rules', {
      method: 'POST',
      body: { name: 'Morning lamp', trigger: { type: 'time', value: '07:00' }, action: { deviceId: lamp.id, command: 'setBrightness', value: 25 }, timeZone: 'America/New_York' },
    });
    expect(created.status).toBe(201);
    expect(await runAutomationTick(ctx.smartHome)).toBe(0);
    clock.set(new Date('2026-11-23T12:00:20Z'));
    expect(await runAutomationTick(ctx.smartHome)).toBe(1);
    expect(await runAutomationTick(ctx.smartHome)).toBe(0);
    const rules = await ctx.json<{ rules: AutomationRule[] }>(alice, '/api/smart-home/rules');
    expect(rules.body.rules[0]).toMatchObject({ lastOk: true, lastResult: 'Command executed on Bedroom Lamp: 75 → 25' });
    // The test clock runs on with real time from where it was set: the run is stamped a few ms later.
    const ranAt = new Date(String(rules.body.rules[0]?.lastRunAt)).getTime();
    expect(ranAt - Date.parse('2026-11-23T12:00:20Z')).toBeGreaterThanOrEqual(0);
    expect(ranAt - Date.parse('2026-11-23T12:00:20Z')).toBeLessThan(10_000);
    const after = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/devices');
    expect(after.body.devices.find((d) => d.id === lamp.id)?.last_reading).toBe(25);

    const edited = await ctx.json<{ rule: AutomationRule }>(alice, `/api/smart-home/rules/${created.body.rule.id}`, { method: 'PATCH', body: { name: 'Evening lamp', enabled: false } });
    expect(edited.body.rule).toMatchObject({ name: 'Evening lamp', enabled: false });
    expect((await ctx.json(bob, `/api/smart-home/rules/${created.body.rule.id}`, { method: 'PATCH', body: { name: 'mine' } })).status).toBe(404);
    expect((await ctx.json(bob, `/api/smart-home/rules/${created.body.rule.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.json(alice, `/api/smart-home/rules/${created.body.rule.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ctx.json<{ rules: AutomationRule[] }>(alice, '/api/smart-home/rules')).body.rules).toHaveLength(0);
  });

  it('fires a sensor rule when the reading crosses its threshold', async () => {
    const washer = byType(devices, 'appliance');
    const plug = byType(devices, 'power_outlet');
    await ctx.json(alice, '/api/smart-home/rules', {
      method: 'POST',
      body: { name: 'Washer running: plug off', trigger: { type: 'sensor', value: 10, condition: 'above', deviceId: washer.id }, action: { deviceId: plug.id, command: 'turnOff' } },
    });
    expect(await runAutomationTick(ctx.smartHome)).toBe(1);
    expect(await runAutomationTick(ctx.smartHome)).toBe(0);
    const list = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/devices');
    expect(list.body.devices.find((d) => d.id === plug.id)?.last_reading).toBe(0);
  });

  it("another user sees none of it and cannot act on it; a visitor gets 401; no answer carries a credential", async () => {
    const bobDevices = await ctx.json<{ devices: Device[] }>(bob, '/api/smart-home/devices');
    expect(bobDevices.body.devices).toEqual([]);
    expect((await ctx.json<{ rules: unknown[] }>(bob, '/api/smart-home/rules')).body.rules).toEqual([]);
    expect((await ctx.json<{ credentials: unknown[] }>(bob, '/api/smart-home/credentials')).body.credentials).toEqual([]);
    const thermostat = byType(devices, 'thermostat');
    expect((await ctx.json(bob, '/api/smart-home/control', { method: 'POST', body: { device_id: thermostat.id, command: 'turnOff' } })).status).toBe(404);
    expect((await ctx.json(bob, '/api/smart-home/discover', { method: 'POST', body: { platform: 'direct', credential_id: credentialId } })).status).toBe(404);
    expect((await ctx.json(bob, `/api/smart-home/devices/${thermostat.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.json(bob, `/api/smart-home/credentials/${credentialId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.json(bob, '/api/smart-home/rules', { method: 'POST', body: { name: 'x', trigger: { type: 'time', value: '07:00' }, action: { deviceId: thermostat.id, command: 'turnOff' } } })).status).toBe(404);
    for (const [method, url] of [['GET', '/api/smart-home/devices'], ['GET', '/api/smart-home/rules'], ['GET', '/api/smart-home/credentials'], ['POST', '/api/smart-home/connect'], ['POST', '/api/smart-home/control']] as const) {
      const res = await ctx.json<{ error: { message: string } }>(null, url, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('User not authenticated');
    }
    for (const url of ['/api/smart-home/devices', '/api/smart-home/credentials', '/api/smart-home/rules']) {
      const res = await ctx.json(alice, url);
      expect(JSON.stringify(res.body)).not.toContain(API_KEY);
      expect(JSON.stringify(res.body)).not.toContain('secret');
    }
  });
});
