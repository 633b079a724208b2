import { z } from 'zod';
import { billTypeSchema } from './bills.ts';
import { propertyTypeSchema } from './common.ts';

/** The properties API contract: `/api/properties` and `/api/utility-accounts`. */

export const propertySchema = z
  .object({ id: z.string(), name: z.string(), propertyType: propertyTypeSchema, address: z.string().nullable(), createdAt: z.string() })
  .meta({ id: 'Property' });
export type Property = z.infer<typeof propertySchema>;

const propertyName = z.string().trim().min(1, 'Please enter a name for the property').max(100, 'Please keep the name under 100 characters');
const propertyAddress = z.string().trim().max(300, 'Please keep the address under 300 characters').nullable().optional();

export const createPropertySchema = z
  .object({ name: propertyName, propertyType: propertyTypeSchema.default('residential'), address: propertyAddress })
  .meta({ id: 'CreateProperty' });
export type CreatePropertyInput = z.input<typeof createPropertySchema>;

export const updatePropertySchema = z
  .object({ name: propertyName.optional(), propertyType: propertyTypeSchema.optional(), address: propertyAddress })
  .meta({ id: 'UpdateProperty' });
export type UpdatePropertyInput = z.input<typeof updatePropertySchema>;

export const utilityAccountSchema = z
  .object({
    id: z.string(),
    propertyId: z.string(),
    provider: z.string(),
    accountNumber: z.string(),
    billType: billTypeSchema,
    confirmed: z.boolean(),
    billCount: z.number(),
  })
  .meta({ id: 'UtilityAccount' });
export type UtilityAccount = z.infer<typeof utilityAccountSchema>;

export const updateUtilityAccountSchema = z
  .object({
    propertyId: z.uuid().optional(),
    provider: z.string().trim().min(1).max(200).optional(),
    accountNumber: z.string().trim().min(1).max(100).optional(),
    confirmed: z.boolean().optional(),
  })
  .meta({ id: 'UpdateUtilityAccount' });
export type UpdateUtilityAccountInput = z.infer<typeof updateUtilityAccountSchema>;

export const accountsQuerySchema = z.object({ propertyId: z.uuid().optional() });
export const propertyListSchema = z.object({ properties: z.array(propertySchema) });
export const propertyEnvelopeSchema = z.object({ property: propertySchema });
export const accountListSchema = z.object({ accounts: z.array(utilityAccountSchema) });
export const accountEnvelopeSchema = z.object({ account: utilityAccountSchema });
