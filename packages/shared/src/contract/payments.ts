import { z } from 'zod';
import { billingCycleSchema, planIdSchema } from '../plan-schemas.ts';
import { pageSchema } from './common.ts';
import { PAYMENT_MESSAGES } from '../payment-messages.ts';

/**
 * Plans, checkout, subscriptions and bill payments (issue 11; 01-core §3, §7, §8; 02-tools §2.21,
 * §3, §5). Amounts are integer cents everywhere; the screens divide by 100 for display.
 */

export { PAYMENT_MESSAGES } from '../payment-messages.ts';

/** Landing email rule (01-core §4): text, at sign, domain, a top-level domain of 2+ letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
export const landingEmailSchema = z.string().trim().min(1, PAYMENT_MESSAGES.emailRequired).regex(EMAIL_PATTERN, PAYMENT_MESSAGES.invalidEmail);

const timeZoneSchema = z.string().min(1).max(64).optional().meta({ description: "The browser's IANA time zone; bills count per calendar month in it" });

/** Sign-up from the pricing dialog (01-core §3): email, billing cycle, plan; the human check travels in `x-captcha-response`. */
export const planSignUpSchema = z.object({
  email: landingEmailSchema,
  plan: planIdSchema,
  billingCycle: billingCycleSchema.default('monthly'),
  timeZone: timeZoneSchema,
});
export type PlanSignUpInput = z.input<typeof planSignUpSchema>;

/** Free: the account exists and this browser is signed in; paid: also the checkout page to open. */
export const planSignUpResultSchema = z.object({ userId: z.string(), plan: planIdSchema, url: z.string().nullable() });
export type PlanSignUpResult = z.infer<typeof planSignUpResultSchema>;

/** The spec's create-checkout (01-core §3, §7): plan and isAnnual; the human check in `x-captcha-response`. */
export const checkoutRequestSchema = z.object({ plan: z.enum(['basic', 'pro']), isAnnual: z.boolean(), timeZone: timeZoneSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });

export const subscriptionSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    plan: z.enum(['basic', 'pro']),
    billingCycle: billingCycleSchema,
    amountCents: z.number().int(),
    currency: z.string(),
    currentPeriodStart: z.iso.datetime({ offset: true }),
    currentPeriodEnd: z.iso.datetime({ offset: true }),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The spec's check-subscription (01-core §3): hasActiveSubscription, subscription, plan. */
export const subscriptionStatusSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscription: subscriptionSchema.nullable(),
  plan: planIdSchema,
  /** Whether the customer portal (manage or cancel) is available: Stripe only. */
  canManage: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The month's bill allowance on the upload page. */
export const billAllowanceSchema = z.object({
  plan: planIdSchema,
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  canUpload: z.boolean(),
  month: z.string(),
  timeZone: z.string(),
});
export type BillAllowanceDto = z.infer<typeof billAllowanceSchema>;

/** 02-tools §3 payment form; utility types as shown (cable shown as Cable/TV). */
export const UTILITY_TYPES = ['electricity', 'gas', 'water', 'internet', 'cable', 'phone', 'other'] as const;
export const UTILITY_TYPE_LABELS: Record<(typeof UTILITY_TYPES)[number], string> = {
  electricity: 'Electricity',
  gas: 'Gas',
  water: 'Water',
  internet: 'Internet',
  cable: 'Cable/TV',
  phone: 'Phone',
  other: 'Other',
};

/** A direct bill payment (02-tools §3, §6 create-checkout-session): the amount in dollars as typed. */
export const billPaymentRequestSchema = z.object({
  provider: z.string().trim().min(1, 'Provider is required').max(200),
  accountNumber: z.string().trim().min(1, 'Account number is required').max(100),
  amount: z.number().positive(PAYMENT_MESSAGES.invalidAmountDescription).max(100_000),
  utilityType: z.enum(UTILITY_TYPES),
  dueDate: z.string().max(40).optional(),
  customerName: z.string().max(200).optional(),
  customerAddress: z.string().max(500).optional(),
});
export type BillPaymentRequest = z.infer<typeof billPaymentRequestSchema>;

/** What verify-payment returns (02-tools §3): amount in cents, description, id, created (epoch seconds). */
export const paymentVerificationSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  description: z.string(),
  created: z.number().int(),
  status: z.enum(['paid', 'unpaid']),
  /** The payment is in the user's history (its webhook arrived), so its receipt can be downloaded. */
  receiptReady: z.boolean(),
  /** Who is paid: the utility provider of a bill payment; null for a plan. */
  payee: z.string().nullable(),
  /** When the payment went through (ISO time); null until it has. */
  paidAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PaymentVerification = z.infer<typeof paymentVerificationSchema>;

export const paymentRecordSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['subscription_invoice', 'bill_payment']),
    status: z.enum(['paid', 'failed']),
    amountCents: z.number().int(),
    currency: z.string(),
    description: z.string(),
    occurredAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Payment' });
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentRecordSchema) });

/** Admin 'Users & Subscriptions' (01-core §2, §3 get_subscriptions): one row per user. */
export const adminUserSubscriptionSchema = z.object({
  userId: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  subscriptionStatus: z.string().nullable(),
  plan: planIdSchema,
  currentPeriodStart: z.iso.datetime({ offset: true }).nullable(),
  currentPeriodEnd: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminUserSubscription = z.infer<typeof adminUserSubscriptionSchema>;
export const adminUserSubscriptionPageSchema = pageSchema(adminUserSubscriptionSchema);

/** The savings guarantee on the user's paid plan: what was found since it started, and whether a refund may be asked. */
export const guaranteeStatusSchema = z.object({
  hasGuarantee: z.boolean(),
  planStartedAt: z.iso.datetime({ offset: true }).nullable(),
  yearlySavingsCents: z.number().int(),
  minimumYearlyCents: z.number().int(),
  eligibleFrom: z.iso.datetime({ offset: true }).nullable(),
  canRequestRefund: z.boolean(),
  refundRequested: z.boolean(),
  /** The user's latest refund request and what became of it (shown after the plan ends too). */
  refundRequest: z
    .object({
      id: z.string(),
      status: z.enum(['pending', 'approved', 'rejected']),
      requestedAt: z.iso.datetime({ offset: true }),
      decidedAt: z.iso.datetime({ offset: true }).nullable(),
      refundedCents: z.number().int().nullable(),
    })
    .nullable(),
});
export type GuaranteeStatus = z.infer<typeof guaranteeStatusSchema>;

/** A savings-guarantee refund request as an admin reviews it, with the user's figures. */
export const adminRefundRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedAt: z.iso.datetime({ offset: true }),
  /** Yearly savings found since the plan started: when asked, and now. */
  yearlySavingsCentsAtRequest: z.number().int(),
  yearlySavingsCents: z.number().int(),
  plan: planIdSchema,
  billingCycle: billingCycleSchema.nullable(),
  planStartedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Paid on the subscription's invoices, in cents as charged. */
  amountPaidCents: z.number().int(),
  refundedCents: z.number().int().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundRequestListSchema = z.object({ items: z.array(adminRefundRequestSchema) });
export const refundDecisionSchema = z.object({ decision: z.enum(['approve', 'reject']) });
export type RefundDecision = z.infer<typeof refundDecisionSchema>;
