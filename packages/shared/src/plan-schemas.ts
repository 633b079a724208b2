import { z } from 'zod';
import { BILLING_CYCLES, PLAN_IDS } from './plans.ts';

/** zod contract for plans and the requests that name one (checkout, issue 11); data in plans.ts. */
export const planIdSchema = z.enum(PLAN_IDS);
export const billingCycleSchema = z.enum(BILLING_CYCLES);

export const planFeatureSchema = z.object({ title: z.string(), value: z.string(), included: z.boolean() });

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  monthlyCents: z.number().int().nonnegative(),
  annualCents: z.number().int().nonnegative(),
  billsPerMonth: z.number().int().positive().nullable(),
  hasGuarantee: z.boolean(),
  hasEnhancedInsights: z.boolean(),
  hasPrioritySupport: z.boolean(),
  features: z.array(planFeatureSchema),
});
