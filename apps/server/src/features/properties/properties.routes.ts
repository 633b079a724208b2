import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse as err, idParams, jsonBody as body, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { listAccountsWithBillCounts, updateAccountWithBills } from '../../use-cases/utility-accounts.ts';
import { createProperty, deleteProperty, listProperties, PROPERTY_MESSAGES, updateProperty } from './properties.service.ts';

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

export function createPropertyRoutes({ signedIn }: { signedIn: SignedIn }) {
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
      async (c) => c.json({ properties: await signedInUser(c).inScope((db, userId) => listProperties(db, userId)) }, 200),
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
      async (c) => c.json({ property: await signedInUser(c).inScope((db, userId) => createProperty(db, userId, c.req.valid('json'))) }, 201),
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
      async (c) => c.json({ property: await signedInUser(c).inScope((db, userId) => updateProperty(db, userId, c.req.valid('param').id, c.req.valid('json'))) }, 200),
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
        await signedInUser(c).inScope((db, userId) => deleteProperty(db, userId, c.req.valid('param').id));
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
      async (c) => c.json({ accounts: await signedInUser(c).inScope((db, userId) => listAccountsWithBillCounts(db, userId, c.req.valid('query').propertyId)) }, 200),
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
      async (c) => c.json({ account: await signedInUser(c).inScope((db, userId) => updateAccountWithBills(db, userId, c.req.valid('param').id, c.req.valid('json'))) }, 200),
    );
}
