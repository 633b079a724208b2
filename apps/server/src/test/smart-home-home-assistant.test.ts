// The Home Assistant adapter against a local server speaking Home Assistant's REST shapes
// (GET /api/, GET /api/states, GET /api/states/<id>, POST /api/services/<domain>/<service>, Bearer token).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControlResult, Device } from '@wattwise/shared/contract/smart-home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';

const TOKEN = 'ha-long-lived-token-123';
type State = { entity_id: string; state: string; attributes: Record<string, unknown>; last_updated: string };
const states = new Map<string, State>();
const calls: { service: string; body: unknown }[] = [];
const at = '2026-11-23T12:00:00+00:00';

function seed() {
  states.clear();
  states.set('climate.hallway', { entity_id: 'climate.hallway', state: 'heat', attributes: { friendly_name: 'Hallway', temperature: 70, current_temperature: 68.5 }, last_updated: at });
  states.set('light.porch', { entity_id: 'light.porch', state: 'on', attributes: { friendly_name: 'Porch Light', brightness: 128 }, last_updated: at });
  states.set('switch.kettle', { entity_id: 'switch.kettle', state: 'off', attributes: { friendly_name: 'Kettle' }, last_updated: at });
  states.set('sensor.house_power', { entity_id: 'sensor.house_power', state: '2450', attributes: { friendly_name: 'House Power', device_class: 'power', unit_of_measurement: 'W' }, last_updated: at });
  states.set('sun.sun', { entity_id: 'sun.sun', state: 'above_horizon', attributes: {}, last_updated: at });
}

const server = http.createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { message: 'Unauthorized' });
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/api/') return send(200, { message: 'API running.' });
  if (req.method === 'GET' && url === '/api/states') return send(200, [...states.values()]);
  const one = /^\/api\/states\/(.+)$/.exec(url);
  if (req.method === 'GET' && one?.[1]) {
    const s = states.get(decodeURIComponent(one[1]));
    return s ? send(200, s) : send(404, { message: 'Entity not found.' });
  }
  const service = /^\/api\/services\/([a-z_]+)\/([a-z_]+)$/.exec(url);
  if (req.method === 'POST' && service) {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { entity_id: string; brightness_pct?: number; temperature?: number };
      calls.push({ service: `${service[1]}/${service[2]}`, body });
      const s = states.get(body.entity_id);
      if (!s) return send(400, { message: 'unknown entity' });
      if (service[2] === 'turn_off') s.state = 'off';
      if (service[2] === 'turn_on') {
        s.state = 'on';
        if (body.brightness_pct !== undefined) s.attributes.brightness = Math.round((body.brightness_pct / 100) * 255);
      }
      if (service[2] === 'toggle') s.state = s.state === 'off' ? 'on' : 'off';
      if (service[2] === 'set_temperature' && body.temperature !== undefined) s.attributes.temperature = body.temperature;
      send(200, [s]);
    });
    return;
  }
  send(404, { message: 'Not found' });
});

let ctx: BillsTestContext;
let alice: string;

beforeAll(async () => {
  seed();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx = await createBillsTestContext({ HOME_ASSISTANT_URL: `http://127.0.0.1:${port}`, HOME_ASSISTANT_TOKEN: TOKEN }, { startWorker: false });
  alice = await ctx.signIn();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('Home Assistant platform', () => {
  it('connects Google Home through Home Assistant, lists its entities as devices and runs services as commands', async () => {
    const connect = await ctx.json<{ credential_id: string }>(alice, '/api/smart-home/connect', {
      method: 'POST',
      body: { platform: 'google_home', credentials: { client_id: 'id', client_secret: 'shh', api_key: 'key' } },
    });
    expect(connect.status).toBe(201);
    const discovered = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/discover', { method: 'POST', body: { platform: 'google_home', credential_id: connect.body.credential_id } });
    expect(discovered.status).toBe(200);
    const byName = new Map(discovered.body.devices.map((d) => [d.name, d]));
    expect([...byName.keys()].sort()).toEqual(['Hallway', 'House Power', 'Kettle', 'Porch Light']);
    expect(byName.get('Hallway')).toMatchObject({ type: 'thermostat', last_reading: 70, simulated: false });
    expect(byName.get('Porch Light')).toMatchObject({ type: 'light', last_reading: 50, unit: '%' });
    expect(byName.get('House Power')).toMatchObject({ type: 'energy_monitor', last_reading: 2.45, unit: 'kW' });
    expect(byName.get('Kettle')?.last_reading).toBe(0);

    const hallway = byName.get('Hallway');
    const porch = byName.get('Porch Light');
    if (!hallway || !porch) throw new Error('devices missing');
    const set = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: hallway.id, command: 'setTemperature', value: 68 } });
    expect(set.body).toMatchObject({ previous_value: 70, new_value: 68 });
    const dim = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: porch.id, command: 'setBrightness', value: 25 } });
    expect(dim.body.new_value).toBe(25);
    const off = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: porch.id, command: 'turnOff' } });
    expect(off.body.new_value).toBe(0);
    expect(calls).toEqual([
      { service: 'climate/set_temperature', body: { entity_id: 'climate.hallway', temperature: 68 } },
      { service: 'light/turn_on', body: { entity_id: 'light.porch', brightness_pct: 25 } },
      { service: 'light/turn_off', body: { entity_id: 'light.porch' } },
    ]);

    // Sync reads the states afresh: a change made in Home Assistant shows up.
    const porchState = states.get('light.porch');
    if (porchState) porchState.state = 'unavailable';
    const synced = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/sync', { method: 'POST', body: { device_ids: [porch.id] } });
    expect(synced.body.devices[0]).toMatchObject({ status: 'offline', last_reading: 0 });
  });
});
