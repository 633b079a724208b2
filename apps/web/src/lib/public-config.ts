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
  // What the trust copy may claim here: nothing unless the server says so.
  security: z._default(z.object({ https: z.boolean(), filesEncrypted: z.boolean(), complianceStatement: z.nullable(z.string()) }), {
    https: false,
    filesEncrypted: false,
    complianceStatement: null,
  }),
  // Who runs this server (OPERATOR_NAME, SUPPORT_EMAIL, SUPPORT_PHONE, OPERATOR_ADDRESS, business hours).
  operator: z.object({ name: z.string(), supportEmail: z.string(), phone: z.nullable(z.string()), address: z.array(z.string()), hours: z.string() }),
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

export type Operator = PublicConfig['operator'];

/** The operator's name and contact details, as the server is configured: one source for every page. */
export function useOperator(): Operator | undefined {
  return usePublicConfig().data?.operator;
}

/** A phone number as a tel: link. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
