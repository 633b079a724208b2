// Each user's own Home Assistant (issue 27), against local imitations of Home Assistant's REST API
// (GET /api/, GET /api/states, GET /api/states/<id>, POST /api/services/<domain>/<service>, Bearer
// token) on 127.0.0.1. The server under test allows private addresses (SMART_HOME_ALLOW_PRIVATE=true,
// the household setting) so it may reach them; a second server keeps the default and refuses them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ControlResult, Credential, Device } from '@wattwise/shared/contract/smart-home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext } from '../features/bills/bills.test-support.ts';
import { createAdmin } from '../features/auth/auth.service.ts';
import { eq } from 'drizzle-orm';
import { user as userTable } from '../db/schema/auth.ts';

type State = { entity_id: string; state: string; attributes: Record<string, unknown>; last_updated: string };
const at = '2026-11-23T12:00:00+00:00';

/** A Home Assistant imitation: its own token, its own entities; it records every token it is shown. */
function imitation(token: string, entities: State[]) {
  const states = new Map(entities.map((s) => [s.entity_id, structuredClone(s)]));
  const calls: { service: string; body: unknown }[] = [];
  const tokensSeen = new Set<string>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    tokensSeen.add(req.headers.authorization ?? '(none)');
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'Unauthorized' });
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
  return {
    states,
    calls,
    tokensSeen,
    requests: () => requests,
    url: '',
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

const ALICE_TOKEN = 'alice-long-lived-token';
const BOB_TOKEN = 'bob-long-lived-token';
const OPERATOR_TOKEN = 'operator-long-lived-token';
const aliceHome = imitation(ALICE_TOKEN, [
  { entity_id: 'climate.hallway', state: 'heat', attributes: { friendly_name: 'Hallway', temperature: 70, current_temperature: 68.5 }, last_updated: at },
  { entity_id: 'light.porch', state: 'on', attributes: { friendly_name: 'Porch Light', brightness: 128 }, last_updated: at },
  { entity_id: 'switch.kettle', state: 'off', attributes: { friendly_name: 'Kettle' }, last_updated: at },
  { entity_id: 'sensor.house_power', state: '2450', attributes: { friendly_name: 'House Power', device_class: 'power', unit_of_measurement: 'W' }, last_updated: at },
  { entity_id: 'sun.sun', state: 'above_horizon', attributes: {}, last_updated: at },
]);
const bobHome = imitation(BOB_TOKEN, [{ entity_id: 'light.garage', state: 'off', attributes: { friendly_name: 'Garage Light' }, last_updated: at }]);
const operatorHome = imitation(OPERATOR_TOKEN, [{ entity_id: 'switch.garage_door', state: 'off', attributes: { friendly_name: 'Garage Door' }, last_updated: at }]);

let ctx: BillsTestContext;
let strict: BillsTestContext;
let alice: string;
let bob: string;
let admin: string;
const adminEmail = `ha-admin-${Date.now()}@example.com`;

beforeAll(async () => {
  await Promise.all([aliceHome.start(), bobHome.start(), operatorHome.start()]);
  ctx = await createBillsTestContext(
    { SMART_HOME_ALLOW_PRIVATE: 'true', HOME_ASSISTANT_URL: operatorHome.url, HOME_ASSISTANT_TOKEN: OPERATOR_TOKEN },
    { startWorker: false },
  );
  strict = await createBillsTestContext({}, { startWorker: false });
  alice = await ctx.signIn();
  bob = await ctx.signIn();
  admin = await ctx.signIn(adminEmail);
  await createAdmin(ctx.auth, adminEmail);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await strict?.close();
  await Promise.all([aliceHome.stop(), bobHome.stop(), operatorHome.stop()]);
});

const connect = (c: BillsTestContext, cookie: string | null, body: unknown) => c.json<{ credential_id: string; error?: { details?: { reason?: string } } }>(cookie, '/api/smart-home/connect', { method: 'POST', body });
const devicesOf = async (cookie: string) => (await ctx.json<{ devices: Device[] }>(cookie, '/api/smart-home/devices')).body.devices;

describe("each user's own Home Assistant", () => {
  let aliceCredential: string;
  let aliceDevices: Device[];

  it("connects Google Home through the user's Home Assistant, lists its entities as devices and runs services as commands", async () => {
    const connected = await connect(ctx, alice, { platform: 'google_home', credentials: { home_assistant_url: aliceHome.url, api_key: ALICE_TOKEN } });
    expect(connected.status).toBe(201);
    aliceCredential = connected.body.credential_id;
    const discovered = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/discover', { method: 'POST', body: { platform: 'google_home', credential_id: aliceCredential } });
    expect(discovered.status).toBe(200);
    aliceDevices = discovered.body.devices;
    const byName = new Map(aliceDevices.map((d) => [d.name, d]));
    expect([...byName.keys()].sort()).toEqual(['Hallway', 'House Power', 'Kettle', 'Porch Light']);
    expect(byName.get('Hallway')).toMatchObject({ type: 'thermostat', last_reading: 70, simulated: false });
    expect(byName.get('Porch Light')).toMatchObject({ type: 'light', last_reading: 50, unit: '%' });
    expect(byName.get('House Power')).toMatchObject({ type: 'energy_monitor', last_reading: 2.45, unit: 'kW' });

    const hallway = byName.get('Hallway');
    const porch = byName.get('Porch Light');
    if (!hallway || !porch) throw new Error('devices missing');
    const set = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: hallway.id, command: 'setTemperature', value: 68 } });
    expect(set.body).toMatchObject({ previous_value: 70, new_value: 68 });
    const dim = await ctx.json<ControlResult>(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: porch.id, command: 'setBrightness', value: 25 } });
    expect(dim.body.new_value).toBe(25);
    expect(aliceHome.calls).toEqual([
      { service: 'climate/set_temperature', body: { entity_id: 'climate.hallway', temperature: 68 } },
      { service: 'light/turn_on', body: { entity_id: 'light.porch', brightness_pct: 25 } },
    ]);
    // Sync reads the states afresh: a change made in Home Assistant shows up.
    const porchState = aliceHome.states.get('light.porch');
    if (porchState) porchState.state = 'unavailable';
    const synced = await ctx.json<{ devices: Device[] }>(alice, '/api/smart-home/sync', { method: 'POST', body: { device_ids: [porch.id] } });
    expect(synced.body.devices[0]).toMatchObject({ status: 'offline', last_reading: 0 });
    // The credential list shows neither the URL nor the token.
    const listed = await ctx.json<{ credentials: Credential[] }>(alice, '/api/smart-home/credentials');
    expect(JSON.stringify(listed.body)).not.toContain(ALICE_TOKEN);
    expect(JSON.stringify(listed.body)).not.toContain(aliceHome.url);
  });

  it("gives user B no way to reach user A's Home Assistant", async () => {
    const before = aliceHome.requests();
    const calls = aliceHome.calls.length;
    // B's own Home Assistant: only B's devices.
    const own = await connect(ctx, bob, { platform: 'amazon_alexa', credentials: { home_assistant_url: bobHome.url, api_key: BOB_TOKEN } });
    expect(own.status).toBe(201);
    const mine = await ctx.json<{ devices: Device[] }>(bob, '/api/smart-home/discover', { method: 'POST', body: { platform: 'amazon_alexa', credential_id: own.body.credential_id } });
    expect(mine.body.devices.map((d) => d.name)).toEqual(['Garage Light']);

    // A's credential, devices and rules are not B's: every route answers 404 or nothing.
    for (const platform of ['google_home', 'amazon_alexa', 'apple_homekit'] as const) {
      expect((await ctx.json(bob, '/api/smart-home/discover', { method: 'POST', body: { platform, credential_id: aliceCredential } })).status).toBe(404);
    }
    for (const device of aliceDevices) {
      for (const command of ['turnOn', 'turnOff', 'toggle'] as const) {
        expect((await ctx.json(bob, '/api/smart-home/control', { method: 'POST', body: { device_id: device.id, command } })).status).toBe(404);
      }
      expect((await ctx.json(bob, `/api/smart-home/devices/${device.id}/settings`, { method: 'PATCH', body: { autoMode: true } })).status).toBe(404);
      expect((await ctx.json(bob, `/api/smart-home/devices/${device.id}`, { method: 'DELETE' })).status).toBe(404);
    }
    const synced = await ctx.json<{ devices: Device[] }>(bob, '/api/smart-home/sync', { method: 'POST', body: { device_ids: aliceDevices.map((d) => d.id) } });
    expect(synced.body.devices).toEqual([]);
    expect((await ctx.json(bob, `/api/smart-home/credentials/${aliceCredential}`, { method: 'DELETE' })).status).toBe(404);
    // Knowing A's address is not enough: without A's token A's Home Assistant refuses.
    const guessed = await connect(ctx, bob, { platform: 'google_home', credentials: { home_assistant_url: aliceHome.url, api_key: BOB_TOKEN } });
    expect(guessed.status).toBe(502);
    expect(guessed.body.error?.details?.reason).toMatch(/refused the access token/);
    // Nor the server's Home Assistant: only an admin attaches it.
    const server = await connect(ctx, bob, { platform: 'google_home', server_home_assistant: true });
    expect(server.status).toBe(403);
    // Anonymous visitors reach nothing.
    expect((await connect(ctx, null, { platform: 'google_home', credentials: { home_assistant_url: aliceHome.url, api_key: ALICE_TOKEN } })).status).toBe(401);
    expect((await ctx.json(null, '/api/smart-home/control', { method: 'POST', body: { device_id: aliceDevices[0]?.id, command: 'turnOn' } })).status).toBe(401);

    expect(aliceHome.calls.length).toBe(calls);
    expect(aliceHome.requests() - before).toBe(1); // B's guess with the wrong token, refused
    expect((await devicesOf(bob)).map((d) => d.name)).toEqual(['Garage Light']);
  });

  it("lets an admin attach the server's Home Assistant to their own account only", async () => {
    const attached = await connect(ctx, admin, { platform: 'apple_homekit', server_home_assistant: true });
    expect(attached.status).toBe(201);
    const found = await ctx.json<{ devices: Device[] }>(admin, '/api/smart-home/discover', { method: 'POST', body: { platform: 'apple_homekit', credential_id: attached.body.credential_id } });
    expect(found.body.devices.map((d) => d.name)).toEqual(['Garage Door']);
    // Other users still cannot use the admin's credential or devices.
    expect((await ctx.json(bob, '/api/smart-home/discover', { method: 'POST', body: { platform: 'apple_homekit', credential_id: attached.body.credential_id } })).status).toBe(404);
    const door = found.body.devices[0];
    expect((await ctx.json(alice, '/api/smart-home/control', { method: 'POST', body: { device_id: door?.id, command: 'turnOn' } })).status).toBe(404);
    expect(operatorHome.calls).toEqual([]);

    // An admin who is demoted loses the server's Home Assistant at once (the role is read at every use).
    await ctx.database.db.update(userTable).set({ role: 'user' }).where(eq(userTable.email, adminEmail));
    expect((await ctx.json(admin, '/api/smart-home/discover', { method: 'POST', body: { platform: 'apple_homekit', credential_id: attached.body.credential_id } })).status).toBe(403);
    const refused = await ctx.json<{ error: { details: { reason: string } } }>(admin, '/api/smart-home/control', { method: 'POST', body: { device_id: door?.id, command: 'turnOn' } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.details.reason).toMatch(/no longer an admin/);
    expect(operatorHome.calls).toEqual([]);
  });

  it('shows each imitation only the token of the user who connected it', () => {
    // B's one guess is the only other token A's Home Assistant saw; B's never saw A's, the operator's saw only its own.
    expect(aliceHome.tokensSeen).toEqual(new Set([`Bearer ${ALICE_TOKEN}`, `Bearer ${BOB_TOKEN}`]));
    expect(bobHome.tokensSeen).toEqual(new Set([`Bearer ${BOB_TOKEN}`]));
    expect(operatorHome.tokensSeen).toEqual(new Set([`Bearer ${OPERATOR_TOKEN}`]));
  });
});

describe('the guarded client refuses internal addresses', () => {
  const refused = async (c: BillsTestContext, url: string) => {
    const res = await connect(c, c === ctx ? alice : strictUser, { platform: 'google_home', credentials: { home_assistant_url: url, api_key: 'token' } });
    expect(res.status, url).toBe(502);
    expect(res.body.error?.details?.reason, url).toMatch(/not allowed/);
  };
  let strictUser: string;

  it('refuses loopback (by address and by name), link-local metadata and private addresses by default, before connecting', async () => {
    strictUser = await strict.signIn();
    const before = aliceHome.requests();
    const port = new URL(aliceHome.url).port;
    for (const url of [aliceHome.url, `http://localhost:${port}`, `http://[::1]:${port}`, `http://[::ffff:127.0.0.1]:${port}`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1:8123', 'http://192.168.1.10:8123', 'http://0.0.0.0:8123']) {
      await refused(strict, url);
    }
    expect(aliceHome.requests()).toBe(before);
  });

  it('with SMART_HOME_ALLOW_PRIVATE still refuses metadata addresses; only http(s) URLs are taken', async () => {
    await refused(ctx, 'http://169.254.169.254/latest/meta-data/');
    await refused(ctx, 'http://[fd00:ec2::254]/');
    const ftp = await connect(ctx, alice, { platform: 'google_home', credentials: { home_assistant_url: 'ftp://127.0.0.1/', api_key: 'token' } });
    expect(ftp.status).toBe(422);
    const withUser = await connect(ctx, alice, { platform: 'google_home', credentials: { home_assistant_url: `http://user:pw@127.0.0.1:${new URL(aliceHome.url).port}`, api_key: ALICE_TOKEN } });
    expect(withUser.status).toBe(502);
  });
});
