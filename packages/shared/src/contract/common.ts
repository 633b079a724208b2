import { z } from 'zod';

/**
 * Shapes every API route shares: the error body, id parameters and cursor pagination.
 * The server's OpenAPI routes, the web client's types and docs/api/*.md use these schemas
 * (`.meta({ id })` names them in /api/openapi.json).
 */

/** `{ error: { code, message, details? } }`: `message` is the spec's wording, shown as is. */
export const errorBodySchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A path `{id}`: a malformed id (not a UUID) answers 422, another user's 404. */
export const idParamsSchema = z.object({ id: z.uuid().meta({ param: { name: 'id', in: 'path' } }) });

export const PROPERTY_TYPES = ['residential', 'commercial'] as const;
export const propertyTypeSchema = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof propertyTypeSchema>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** `?limit=` (default 50, at most 100) and `?cursor=` (the `nextCursor` of the page before). */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Items per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})` }),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page; leave out for the first page' }),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list: the items, how many there are in all (same filters), and where the next page starts (null on the last). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: 'Items matching the filters, over all pages' }),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `?cursor=` for the next page; null on the last page' }),
  });
}
export type Page<T> = { items: T[]; total: number; nextCursor: string | null };
