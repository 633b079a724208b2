import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini keeps this parser out of the way of the first page's bundle.
import * as z from 'zod/mini';
import { api } from './api-client.ts';

export const publicConfigSchema = z.object({
  captcha: z.object({
    provider: z.enum(['altcha', 'turnstile', 'recaptcha']),
    siteKey: z.nullish(z.string()),
  }),
  devMailbox: z._default(z.boolean(), false),
  // The password comes only from a development server.
  demoAccount: z.nullish(z.object({ email: z.string(), password: z.nullish(z.string()) })),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigKeys = { all: ['public-config'] as const };

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigKeys.all,
    queryFn: async () => publicConfigSchema.parse(await api.get<unknown>('/api/public-config')),
    staleTime: Infinity,
  });

/** Server-side settings the browser needs (captcha provider, dev mailbox, demo account). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
