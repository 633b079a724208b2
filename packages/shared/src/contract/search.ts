import { z } from 'zod';

/** The bill search API contract (02-tools §2.3, §3, §5, §7 search-bills): `POST /api/search/bills`. */

export const SEARCH_MESSAGES = {
  /** 02-tools §5: an empty or whitespace term (title 'Error'). */
  termRequired: 'Please enter a search term.',
  errorTitle: 'Error',
} as const;

/** Longest term accepted (a search box, not a document). */
export const SEARCH_TERM_MAX = 200;
/** Most results returned, best first. */
export const SEARCH_RESULT_LIMIT = 25;

export const billSearchRequestSchema = z
  .object({
    searchTerm: z.string().max(SEARCH_TERM_MAX).refine((v) => v.trim() !== '', SEARCH_MESSAGES.termRequired),
    /** Another user's bills: honoured for admins only; anyone else always searches their own. */
    userId: z.string().max(100).nullable().optional(),
  })
  .meta({ id: 'BillSearchRequest' });
export type BillSearchRequest = z.infer<typeof billSearchRequestSchema>;

export const billSearchResultSchema = z
  .object({
    billId: z.string(),
    /** End of the service period, else the due date, else the upload day (YYYY-MM-DD). */
    billDate: z.string(),
    billAmount: z.number().nullable(),
    /** HTML: the matching words in `<mark>`, everything else escaped. */
    highlightText: z.string(),
    utilityProviderId: z.string(),
    rank: z.number(),
  })
  .meta({ id: 'BillSearchResult' });
export type BillSearchResult = z.infer<typeof billSearchResultSchema>;

export const billSearchResponseSchema = z.object({ results: z.array(billSearchResultSchema), searchedUserId: z.string() }).meta({ id: 'BillSearchResponse' });
export type BillSearchResponse = z.infer<typeof billSearchResponseSchema>;
