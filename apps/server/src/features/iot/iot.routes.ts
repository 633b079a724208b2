import { createRoute, z } from '@hono/zod-openapi';
import { deviceTokenQuerySchema, deviceTokenSchema, iotStateSchema, SMART_HOME_MESSAGES as M, streamRequestSchema, streamSchema } from '@wattwise/shared/contract/smart-home';
import { streamSSE } from 'hono/streaming';
import { createRouter, errorResponse as err, jsonBody as body, jsonResponse as json } from '../../http/openapi.ts';
import { type SignedIn, signedInUser, withSignInMessage } from '../../http/session.ts';
import { openSseInbox, perUserStream } from '../../http/sse-inbox.ts';
import { deviceToken, type DeviceTokenKey } from './device-token.ts';
import { type IotDeps, iotState, readingsTopic, startStream, stopStream } from './iot.service.ts';

const deviceParams = z.object({ deviceId: z.string().min(1).max(100).openapi({ param: { name: 'deviceId', in: 'path' } }) });
const HEARTBEAT_MS = 15_000;
const unauthorized = err(M.signInRequired);

/** IoT monitoring (02-tools §2.23): start/stop streaming, readings, and live readings as Server-Sent Events. */
export function createIotRoutes(deps: IotDeps & { signedIn: SignedIn; deviceTokens: { key: DeviceTokenKey; mqttEnabled: boolean } }) {
  // 02-tools §6: these calls answer 'User not authenticated' without a session.
  const signedIn = withSignInMessage(deps.signedIn, M.signInRequired);
  const router = createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/iot',
        middleware: [signedIn] as const,
        tags: ['IoT'],
        summary: 'Streaming devices, the latest 50 readings and the newest reading of each device',
        responses: { 200: json(iotStateSchema, 'State'), 401: unauthorized },
      }),
      async (c) => c.json(await iotState(signedInUser(c)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/iot/streams',
        middleware: [signedIn] as const,
        tags: ['IoT'],
        summary: 'Start streaming a device: the server writes a reading every 5 s',
        request: { body: body(streamRequestSchema) },
        responses: { 201: json(z.object({ stream: streamSchema }), M.streamStarted), 401: unauthorized, 422: err(M.streamFieldsRequired) },
      }),
      async (c) => c.json({ stream: await startStream(deps, signedInUser(c), c.req.valid('json')) }, 201),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/iot/streams/{deviceId}',
        middleware: [signedIn] as const,
        tags: ['IoT'],
        summary: 'Stop streaming a device',
        request: { params: deviceParams },
        responses: { 204: { description: M.streamStopped }, 401: unauthorized, 404: err('This device is not streaming') },
      }),
      async (c) => {
        await stopStream(signedInUser(c), c.req.valid('param').deviceId);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/iot/device-token',
        middleware: [signedIn] as const,
        tags: ['IoT'],
        summary: "A real device's MQTT topic and token: readings published there are stored only with this token in the payload",
        request: { query: deviceTokenQuerySchema },
        responses: { 200: json(deviceTokenSchema, 'Topic and token'), 401: unauthorized, 422: err(M.deviceIdInvalid) },
      }),
      (c) => {
        const userId = signedInUser(c).id;
        const { deviceId } = c.req.valid('query');
        c.header('Cache-Control', 'no-store');
        const token = deviceToken(deps.deviceTokens.key, userId, deviceId);
        return c.json({ deviceId, topic: `wattwise/${userId}/${deviceId}`, token, mqttEnabled: deps.deviceTokens.mqttEnabled }, 200);
      },
    );
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/iot/events',
    tags: ['IoT'],
    summary: "The caller's new readings as Server-Sent Events (`event: reading`, data: a reading)",
    responses: { 200: { description: 'text/event-stream' }, 401: unauthorized },
  });
  router.get('/api/iot/events', signedIn, (c) => {
    const userId = signedInUser(c).id;
    return streamSSE(c, perUserStream(userId, async (stream) => {
      const inbox = await openSseInbox<unknown>(stream, deps.realtime, readingsTopic(userId), HEARTBEAT_MS);
      try {
        await stream.write(': connected\n\n');
        for (let next = await inbox.next(); next !== null; next = await inbox.next()) {
          await stream.writeSSE({ event: 'reading', data: JSON.stringify(next) });
        }
      } finally {
        await inbox.close();
      }
    }));
  });
  return router;
}
