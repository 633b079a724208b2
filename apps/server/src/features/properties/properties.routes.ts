import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/types.ts';
import type { Auth } from '../auth/auth.service.ts';
import { requireBillsUser } from '../bills/bills.service.ts';
import { createProperty, deleteProperty, listAccounts, listProperties, PROPERTY_MESSAGES, updateAccount, updateProperty } from './properties.service.ts';
import { userScopeRunner } from '../../db/user-scope.ts';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }).openapi('Error');
const err = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const propertyType = z.enum(['residential', 'commercial']);
const propertySchema = z
  .object({ id: z.string(), name: z.string(), propertyType, address: z.string().nullable(), createdAt: z.string() })
  .openapi('Property');
const accountSchema = z
  .object({
    id: z.string(),
    propertyId: z.string(),
    provider: z.string(),
    accountNumber: z.string(),
    billType: z.string(),
    confirmed: z.boolean(),
    billCount: z.number(),
  })
  .openapi('UtilityAccount');
const idParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const name = z.string().trim().min(1, 'Please enter a name').max(100);
const address = z.string().trim().max(300).nullable().optional();
const createBody = z.object({ name, propertyType: propertyType.default('residential'), address }).openapi('CreateProperty');
const updateBody = z.object({ name: name.optional(), propertyType: propertyType.optional(), address }).openapi('UpdateProperty');
const accountBody = z
  .object({
    propertyId: z.uuid().optional(),
    provider: z.string().trim().min(1).max(200).optional(),
    accountNumber: z.string().trim().min(1).max(100).optional(),
    confirmed: z.boolean().optional(),
  })
  .openapi('UpdateUtilityAccount');
const unauthorized = err('Authentication required for bill processing');

export function createPropertyRoutes(deps: { db: Db; auth: Auth }) {
  const scoped = userScopeRunner(deps.db);
  // Looked up before any validation so anonymous calls get 401 (once per request, see requireBillsUser).
  const user = (c: Context<AppEnv>) => requireBillsUser(deps.auth, c.req.raw.headers);
  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    await user(c);
    await next();
  };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/properties',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: "The caller's properties (a first 'Home' is created on first use)",
        responses: { 200: json(z.object({ properties: z.array(propertySchema) }), 'Properties'), 401: unauthorized },
      }),
      async (c) => c.json({ properties: await scoped(await user(c), (db, userId) => listProperties(db, userId)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/properties',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: 'Add a property',
        request: { body: body(createBody) },
        responses: { 201: json(z.object({ property: propertySchema }), 'Created'), 401: unauthorized, 422: err('Invalid input') },
      }),
      async (c) => c.json({ property: await scoped(await user(c), (db, userId) => createProperty(db, userId, c.req.valid('json'))) }, 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/properties/{id}',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: 'Rename a property or change its type or address',
        request: { params: idParams, body: body(updateBody) },
        responses: { 200: json(z.object({ property: propertySchema }), 'Updated'), 401: unauthorized, 404: err(PROPERTY_MESSAGES.notFound) },
      }),
      async (c) => c.json({ property: await scoped(await user(c), (db, userId) => updateProperty(db, userId, c.req.valid('param').id, c.req.valid('json'))) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/properties/{id}',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: 'Delete a property without bills',
        request: { params: idParams },
        responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: err(PROPERTY_MESSAGES.notFound), 409: err(PROPERTY_MESSAGES.hasBills) },
      }),
      async (c) => {
        await scoped(await user(c), (db, userId) => deleteProperty(db, userId, c.req.valid('param').id));
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/utility-accounts',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: "The caller's utility accounts, optionally of one property",
        request: { query: z.object({ propertyId: z.uuid().optional() }) },
        responses: { 200: json(z.object({ accounts: z.array(accountSchema) }), 'Accounts'), 401: unauthorized },
      }),
      async (c) => c.json({ accounts: await scoped(await user(c), (db, userId) => listAccounts(db, userId, c.req.valid('query').propertyId)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/utility-accounts/{id}',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: 'Confirm, correct or move a utility account (its bills move with it)',
        request: { params: idParams, body: body(accountBody) },
        responses: {
          200: json(z.object({ account: accountSchema }), 'Updated'),
          401: unauthorized,
          404: err(PROPERTY_MESSAGES.accountNotFound),
          409: err(PROPERTY_MESSAGES.duplicateAccount),
        },
      }),
      async (c) => c.json({ account: await scoped(await user(c), (db, userId) => updateAccount(db, userId, c.req.valid('param').id, c.req.valid('json'))) }, 200),
    );
}
