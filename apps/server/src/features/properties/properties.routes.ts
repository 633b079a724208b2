import { createRoute } from '@hono/zod-openapi';
import {
  accountEnvelopeSchema,
  accountListSchema,
  accountsQuerySchema,
  createPropertySchema,
  propertyEnvelopeSchema,
  propertyListSchema,
  updatePropertySchema,
  updateUtilityAccountSchema,
} from '@wattwise/shared/contract/properties';
import { createRouter, errorResponse as err, idParams, jsonBody as body, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import { listAccountsWithBillCounts, updateAccountWithBills } from '../../use-cases/utility-accounts.ts';
import { createProperty, deleteProperty, listProperties, PROPERTY_MESSAGES, updateProperty } from './properties.service.ts';

export function createPropertyRoutes({ signedIn }: { signedIn: SignedIn }) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/properties',
        middleware: [signedIn] as const,
        tags: ['Properties'],
        summary: "The caller's properties (a first 'Home' is created on first use)",
        responses: { 200: json(propertyListSchema, 'Properties'), 401: unauthorized },
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
        request: { body: body(createPropertySchema) },
        responses: { 201: json(propertyEnvelopeSchema, 'Created'), 401: unauthorized, 422: err('Invalid input') },
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
        request: { params: idParams, body: body(updatePropertySchema) },
        responses: { 200: json(propertyEnvelopeSchema, 'Updated'), 401: unauthorized, 404: err(PROPERTY_MESSAGES.notFound) },
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
        request: { query: accountsQuerySchema },
        responses: { 200: json(accountListSchema, 'Accounts'), 401: unauthorized },
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
        request: { params: idParams, body: body(updateUtilityAccountSchema) },
        responses: {
          200: json(accountEnvelopeSchema, 'Updated'),
          401: unauthorized,
          404: err(PROPERTY_MESSAGES.accountNotFound),
          409: err(PROPERTY_MESSAGES.duplicateAccount),
        },
      }),
      async (c) => c.json({ account: await signedInUser(c).inScope((db, userId) => updateAccountWithBills(db, userId, c.req.valid('param').id, c.req.valid('json'))) }, 200),
    );
}
