import { createRoute, z } from '@hono/zod-openapi';
import {
  connectRequestSchema,
  connectResultSchema,
  controlRequestSchema,
  controlResultSchema,
  credentialListSchema,
  deviceListSchema,
  deviceSchema,
  discoverRequestSchema,
  ruleInputSchema,
  ruleListSchema,
  ruleSchema,
  ruleUpdateSchema,
  SMART_HOME_MESSAGES as M,
  syncRequestSchema,
  updateSettingsSchema,
} from '@wattwise/shared/contract/smart-home';
import { createRouter, errorResponse as err, idParams, jsonBody as body, jsonResponse as json } from '../../http/openapi.ts';
import { type SignedIn, signedInUser, withSignInMessage } from '../../http/session.ts';
import type { AdjustableClock } from '../../platform/clock.ts';
import { localHostOnly } from '../../http/loopback.ts';
import { createRule, deleteRule, listRules, updateRule } from './automation.ts';
import {
  connectPlatform,
  controlDevice,
  deleteCredential,
  disconnectDevice,
  listCredentials,
  listDevices,
  type SmartHomeDeps,
  syncDevices,
  updateDeviceSettings,
} from './smart-home.service.ts';
import { discoverAndRewardDevices } from '../../use-cases/smart-home-devices.ts';

const invalid = err('Invalid input');
const unauthorized = err(M.signInRequired);
const platformFailed = err(`${M.connectFailed} / ${M.discoverFailed} / ${M.controlFailed}; details.reason says why`);

/** Smart home (02-tools §2.4, §7 connect-smart-home and smart-home-control): devices, credentials, rules. */
export function createSmartHomeRoutes(deps: SmartHomeDeps & { signedIn: SignedIn; clockControl?: AdjustableClock | null; isAdminCaller: (headers: Headers) => Promise<boolean>; publicUrl: string }) {
  // 02-tools §6: these calls answer 'User not authenticated' without a session.
  const signedIn = withSignInMessage(deps.signedIn, M.signInRequired);
  const router = createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/smart-home/connect',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Check a platform credential and store it encrypted; only its id comes back',
        description:
          "Google Home, Alexa and HomeKit: the URL and long-lived access token of the caller's own Home Assistant, reached through the guarded client " +
          '(http(s) only; loopback, private and link-local addresses refused unless SMART_HOME_ALLOW_PRIVATE; metadata addresses always; no redirects). ' +
          "`server_home_assistant: true` attaches the server's HOME_ASSISTANT_URL instead: admins only.",
        request: { body: body(connectRequestSchema) },
        responses: { 201: json(connectResultSchema, 'Stored'), 401: unauthorized, 403: err('Only an admin attaches the server Home Assistant'), 422: invalid, 502: platformFailed },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const admin = input.server_home_assistant === true && (await deps.isAdminCaller(c.req.raw.headers));
        return c.json(await connectPlatform(deps, signedInUser(c), input, admin), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/smart-home/discover',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: "List the platform's devices with a stored credential and add them (known devices keep their state)",
        request: { body: body(discoverRequestSchema) },
        responses: { 200: json(deviceListSchema, 'All devices of the user'), 401: unauthorized, 404: err(M.credentialNotFound), 422: invalid, 502: platformFailed },
      }),
      async (c) => c.json({ devices: await discoverAndRewardDevices(deps, signedInUser(c), c.req.valid('json')) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/smart-home/devices',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: "The caller's connected devices, newest first",
        responses: { 200: json(deviceListSchema, 'Devices'), 401: unauthorized },
      }),
      async (c) => c.json({ devices: await listDevices(signedInUser(c)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/smart-home/control',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Run turnOn, turnOff, setTemperature, setBrightness or toggle on a device',
        request: { body: body(controlRequestSchema) },
        responses: { 200: json(controlResultSchema, 'Done'), 401: unauthorized, 404: err(M.deviceNotFound), 422: invalid, 502: platformFailed },
      }),
      async (c) => c.json(await controlDevice(deps, signedInUser(c), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/smart-home/sync',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Read the devices (all when no ids are given) afresh from their platforms',
        request: { body: body(syncRequestSchema) },
        responses: { 200: json(deviceListSchema, 'Devices'), 401: unauthorized, 422: invalid },
      }),
      async (c) => c.json({ devices: await syncDevices(deps, signedInUser(c), c.req.valid('json').device_ids) }, 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/smart-home/devices/{id}/settings',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: "Change a device's settings",
        request: { params: idParams, body: body(updateSettingsSchema) },
        responses: { 200: json(z.object({ device: deviceSchema }), 'Updated'), 401: unauthorized, 404: err(M.deviceNotFound), 422: invalid },
      }),
      async (c) => c.json({ device: await updateDeviceSettings(signedInUser(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/smart-home/devices/{id}',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Disconnect a device',
        request: { params: idParams },
        responses: { 204: { description: 'Disconnected' }, 401: unauthorized, 404: err(M.deviceNotFound) },
      }),
      async (c) => {
        await disconnectDevice(signedInUser(c), c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/smart-home/credentials',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Stored platform credentials: id, platform and dates only (never the secret)',
        responses: { 200: json(credentialListSchema, 'Credentials'), 401: unauthorized },
      }),
      async (c) => c.json({ credentials: await listCredentials(signedInUser(c)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/smart-home/credentials/{id}',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Forget a platform credential',
        request: { params: idParams },
        responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: err(M.credentialNotFound) },
      }),
      async (c) => {
        await deleteCredential(signedInUser(c), c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/smart-home/rules',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: "The caller's automation rules with their last run",
        responses: { 200: json(ruleListSchema, 'Rules'), 401: unauthorized },
      }),
      async (c) => c.json({ rules: await listRules(signedInUser(c)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/smart-home/rules',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Create an automation rule (time or sensor trigger, device command action)',
        request: { body: body(ruleInputSchema) },
        responses: { 201: json(z.object({ rule: ruleSchema }), M.ruleCreated), 401: unauthorized, 404: err(M.deviceNotFound), 422: invalid },
      }),
      async (c) => c.json({ rule: await createRule(deps, signedInUser(c), c.req.valid('json')) }, 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/smart-home/rules/{id}',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Edit or enable/disable a rule',
        request: { params: idParams, body: body(ruleUpdateSchema) },
        responses: { 200: json(z.object({ rule: ruleSchema }), M.ruleUpdated), 401: unauthorized, 404: err(M.ruleNotFound), 422: invalid },
      }),
      async (c) => c.json({ rule: await updateRule(deps, signedInUser(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/smart-home/rules/{id}',
        middleware: [signedIn] as const,
        tags: ['Smart home'],
        summary: 'Delete a rule',
        request: { params: idParams },
        responses: { 204: { description: M.ruleDeleted }, 401: unauthorized, 404: err(M.ruleNotFound) },
      }),
      async (c) => {
        await deleteRule(signedInUser(c), c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
  const clock = deps.clockControl;
  if (clock) {
    // TEST_CLOCK only (refused in production by config.ts): browser tests move the rules' clock.
    router.post('/api/dev/clock', localHostOnly(deps.publicUrl), async (c) => {
      const { now } = z.object({ now: z.iso.datetime({ offset: true }) }).parse(await c.req.json());
      clock.set(new Date(now));
      return c.json({ now: clock.now().toISOString() }, 200);
    });
  }
  return router;
}
