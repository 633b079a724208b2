import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '../../db/client.ts';
import {
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  NOTIFICATION_MESSAGES,
  notificationSchema,
  unreadCountSchema,
} from '@wattwise/shared/contract/notifications';
import { streamSSE } from 'hono/streaming';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { openSseInbox, perUserStream } from '../../http/sse-inbox.ts';
import type { Realtime } from '../../platform/realtime.ts';
import {
  getNotificationPreferences,
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Notifier,
  notificationTopic,
  saveNotificationPreferences,
  unsubscribeFromEmails,
} from './notifications.service.ts';

const HEARTBEAT_MS = 15_000;

export type NotificationRoutesDeps = { db: Db; unsubscribeKey: string; signedIn: SignedIn; notifier: Notifier; realtime: Pick<Realtime, 'subscribe'>; heartbeatMs?: number };

export function createNotificationRoutes({ db, unsubscribeKey, signedIn, notifier, realtime, heartbeatMs }: NotificationRoutesDeps) {
  const router = createRouter();
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/notifications/events',
    tags: ['Notifications'],
    summary: "The caller's notifications as Server-Sent Events",
    description: '`event: notification` data `{notification, unreadCount}` (notification null when only the count changed), first the current count. Comments every 15 s keep it open.',
    responses: { 200: { description: 'text/event-stream' }, 401: unauthorized },
  });
  router.get('/api/notifications/events', signedIn, (c) => {
    const user = signedInUser(c);
    return streamSSE(c, perUserStream(user.id, async (stream) => {
      const inbox = await openSseInbox<unknown>(stream, realtime, notificationTopic(user.id), heartbeatMs ?? HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: 'notification', data: JSON.stringify({ notification: null, unreadCount: await user.inScope(getUnreadCount) }) });
        for (let event = await inbox.next(); event !== null; event = await inbox.next()) {
          await stream.writeSSE({ event: 'notification', data: JSON.stringify(event) });
        }
      } catch {
        // The client went away: end the stream.
      } finally {
        await inbox.close();
      }
    }));
  });

  return router
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/notifications/unsubscribe',
        tags: ['Notifications'],
        summary: 'One-click unsubscribe from notification emails (the signed link of List-Unsubscribe; no sign-in)',
        request: { query: z.object({ token: z.string().min(1).max(500) }) },
        responses: { 200: json(z.object({ unsubscribed: z.literal(true) }), 'Email notifications off'), 400: err(NOTIFICATION_MESSAGES.invalidUnsubscribe) },
      }),
      async (c) => {
        await unsubscribeFromEmails(db, unsubscribeKey, c.req.valid('query').token);
        return c.json({ unsubscribed: true as const }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/notifications',
        middleware: [signedIn] as const,
        tags: ['Notifications'],
        summary: "The caller's newest 50 notifications (all or unread) with the unread count",
        request: { query: notificationListQuerySchema },
        responses: { 200: json(notificationListSchema, 'Notifications'), 401: unauthorized, 422: err('Invalid filter') },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => listNotifications(db, userId, c.req.valid('query').filter)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/notifications/unread-count',
        middleware: [signedIn] as const,
        tags: ['Notifications'],
        summary: 'How many of the caller\'s notifications are unread (the header badge)',
        responses: { 200: json(unreadCountSchema, 'Unread count'), 401: unauthorized },
      }),
      async (c) => c.json({ unreadCount: await signedInUser(c).inScope(getUnreadCount) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/notifications/read-all',
        middleware: [signedIn] as const,
        tags: ['Notifications'],
        summary: "Marks all the caller's notifications read",
        responses: { 200: json(markAllReadResultSchema, 'How many were unread'), 401: unauthorized },
      }),
      async (c) => {
        const user = signedInUser(c);
        const updated = await user.inScope(markAllNotificationsRead);
        await notifier.publishUnread(user.id);
        return c.json({ updated }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/notifications/{id}/read',
        middleware: [signedIn] as const,
        tags: ['Notifications'],
        summary: 'Marks one of the caller\'s notifications read (it never goes back to unread)',
        request: { params: idParams },
        responses: { 200: json(notificationSchema, 'The notification'), 401: unauthorized, 404: err(NOTIFICATION_MESSAGES.notFound) },
      }),
      async (c) => {
        const user = signedInUser(c);
        const notification = await user.inScope((db, userId) => markNotificationRead(db, userId, c.req.valid('param').id));
        await notifier.publishUnread(user.id);
        return c.json(notification, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/notifications/preferences',
        middleware: [signedIn] as const,
        tags: ['Notifications'],
        summary: "The caller's alert types and delivery methods",
        responses: { 200: json(notificationPreferencesSchema, 'Preferences'), 401: unauthorized },
      }),
      async (c) => c.json(await signedInUser(c).inScope(getNotificationPreferences), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/notifications/preferences',
        middleware: [signedIn] as const,
        tags: ['Notifications'],
        summary: "Saves the caller's alert types and delivery methods",
        request: { body: jsonBody(notificationPreferencesSchema) },
        responses: { 200: json(notificationPreferencesSchema, 'Saved preferences'), 401: unauthorized, 422: err('Invalid preferences') },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => saveNotificationPreferences(db, userId, c.req.valid('json'))), 200),
    );
}
