import { createRoute, z } from '@hono/zod-openapi';
import { pageQuerySchema } from '@wattwise/shared/contract/common';
import {
  adminRefundRequestListSchema,
  adminUserSubscriptionPageSchema,
  guaranteeStatusSchema,
  billPaymentRequestSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  PAYMENT_MESSAGES,
  paymentListSchema,
  paymentVerificationSchema,
  planSignUpResultSchema,
  planSignUpSchema,
  refundDecisionSchema,
  subscriptionStatusSchema,
} from '@wattwise/shared/contract/payments';
import type { MiddlewareHandler } from 'hono';
import { getClientIp } from '../../http/client-ip.ts';
import { AppError, errorBody } from '../../http/errors.ts';
import { createRouter, errorResponse as err, jsonBody as body, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { ADMIN_REQUIRED, type AdminOnly, type SignedIn, signedInUser } from '../../http/session.ts';
import { listUserSubscriptions } from '../../use-cases/admin-subscriptions.ts';
import { applyPaymentEventWithRewards } from '../../use-cases/payment-events.ts';
import { decideGuaranteeRefund, getGuaranteeStatus, listRefundRequestsForAdmin, type RefundReviewDeps, requestGuaranteeRefund } from '../../use-cases/savings-guarantee.ts';
import type { AppEnv } from '../../http/types.ts';
import type { CaptchaAction, CaptchaVerifier } from '../../platform/captcha.ts';
import { CAPTCHA_FAILED, CAPTCHA_HEADER } from '../../platform/captcha.ts';
import { constructPaymentEvent } from '../../platform/payments/payments.ts';
import {
  createPlanAccount,
  getPayment,
  GUARANTEE_MESSAGES,
  getSubscriptionStatus,
  listPayments,
  openCustomerPortal,
  setCancelAtPeriodEnd,
  PAYMENT_ERRORS,
  type PaymentsDeps,
  rememberTimeZone,
  startBillPaymentCheckout,
  startSubscriptionCheckout,
  verifyCheckout,
} from './payments.service.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';
export const PLAN_SIGN_UP_PATH = '/api/plan-sign-up';

export type PaymentRoutesDeps = PaymentsDeps & { signedIn: SignedIn; adminOnly: AdminOnly; captcha: CaptchaVerifier; trustProxy: boolean; notifier: RefundReviewDeps['notifier'] };

export function createPaymentRoutes(deps: PaymentRoutesDeps) {
  const { signedIn } = deps;
  /** Checkout's own words for a visitor (01-core §8) in place of the general sign-in message. */
  const checkoutSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    let passed = false;
    try {
      await signedIn(c, async () => {
        passed = true;
        await Promise.resolve();
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 401) throw new AppError('UNAUTHORIZED', 401, PAYMENT_MESSAGES.mustBeLoggedIn);
      throw error;
    }
    if (passed) await next();
  };
  const humanCheck = (action: CaptchaAction): MiddlewareHandler<AppEnv> => async (c, next) => {
    const ok = await deps.captcha.verify(c.req.header(CAPTCHA_HEADER), { action, ip: getClientIp(c, deps.trustProxy) });
    if (!ok) return c.json(errorBody(CAPTCHA_FAILED.code, CAPTCHA_FAILED.message), 400);
    await next();
  };
  const emailOf = async (userId: string) => {
    const ctx = await deps.auth.$context;
    const found = await ctx.internalAdapter.findUserById(userId);
    if (!found) throw new AppError('UNAUTHORIZED', 401, PAYMENT_MESSAGES.mustBeLoggedIn);
    return found.email;
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/subscription',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "The spec's check-subscription: whether the caller has an active paid plan, and which",
        responses: { 200: json(subscriptionStatusSchema, 'Subscription status'), 401: unauthorized },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => getSubscriptionStatus(db, userId, deps.provider.kind === 'stripe')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: PLAN_SIGN_UP_PATH,
        middleware: [humanCheck('signup')] as const,
        tags: ['Payments'],
        summary: 'Pricing dialog: create an account from an email (generated password, set-password link mailed), sign this browser in, and for a paid plan open a checkout',
        request: { body: body(planSignUpSchema) },
        responses: { 200: json(planSignUpResultSchema, 'Account created'), 400: err(CAPTCHA_FAILED.message), 422: err(PAYMENT_MESSAGES.accountExists) },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const { userId, setCookie } = await createPlanAccount(deps, input.email, input.plan);
        c.header('set-cookie', setCookie, { append: true });
        await rememberTimeZone(deps.db, userId, input.timeZone);
        const checkout = input.plan === 'free' ? null : await startSubscriptionCheckout(deps, { id: userId, email: input.email.trim().toLowerCase() }, input.plan, input.billingCycle);
        return c.json({ userId, plan: input.plan, url: checkout?.url ?? null }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/checkout',
        middleware: [checkoutSignedIn, humanCheck('checkout')] as const,
        tags: ['Payments'],
        summary: "The spec's create-checkout: a subscription checkout for a paid plan; the browser goes to `url`",
        request: { body: body(checkoutRequestSchema) },
        responses: { 200: json(checkoutResponseSchema, 'Checkout opened'), 400: err(CAPTCHA_FAILED.message), 401: err(PAYMENT_MESSAGES.mustBeLoggedIn), 409: err(PAYMENT_ERRORS.alreadySubscribed) },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const userId = signedInUser(c).id;
        await rememberTimeZone(deps.db, userId, input.timeZone);
        const checkout = await startSubscriptionCheckout(deps, { id: userId, email: await emailOf(userId) }, input.plan, input.isAnnual ? 'annual' : 'monthly');
        return c.json(checkout, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/subscription/portal',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "Stripe's Customer Portal to manage or cancel the subscription",
        responses: { 200: json(checkoutResponseSchema, 'Portal opened'), 401: unauthorized, 409: err(PAYMENT_ERRORS.noPortal) },
      }),
      async (c) => c.json(await openCustomerPortal(deps, signedInUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/subscription/cancel',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "Cancels the caller's paid plan at the end of the paid period (it stays until then); 409 without one",
        responses: { 200: json(subscriptionStatusSchema, 'Cancels at period end'), 401: unauthorized, 409: err(PAYMENT_ERRORS.noSubscription) },
      }),
      async (c) => c.json(await setCancelAtPeriodEnd(deps, signedInUser(c).id, true), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/subscription/resume',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "Keeps the caller's paid plan renewing after a cancel at period end; 409 without one",
        responses: { 200: json(subscriptionStatusSchema, 'Renews again'), 401: unauthorized, 409: err(PAYMENT_ERRORS.noSubscription) },
      }),
      async (c) => c.json(await setCancelAtPeriodEnd(deps, signedInUser(c).id, false), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/payments/checkout',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "The spec's create-checkout-session: pay a utility bill by card (amount in dollars, charged in cents)",
        request: { body: body(billPaymentRequestSchema) },
        responses: { 200: json(checkoutResponseSchema, 'Checkout opened'), 401: unauthorized, 422: err(PAYMENT_MESSAGES.invalidAmountDescription) },
      }),
      async (c) => {
        const userId = signedInUser(c).id;
        return c.json(await startBillPaymentCheckout(deps, { id: userId, email: await emailOf(userId) }, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/payments/verify',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "The spec's verify-payment: the caller's checkout session (amount in cents)",
        request: { query: z.object({ session_id: z.string().min(1).max(300) }) },
        responses: { 200: json(paymentVerificationSchema, 'Payment details'), 401: unauthorized, 404: err(PAYMENT_MESSAGES.paymentNotFound) },
      }),
      async (c) => {
        const sessionId = c.req.valid('query').session_id;
        return c.json(await signedInUser(c).inScope((db, userId) => verifyCheckout(db, deps.provider, userId, sessionId)), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/payments',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "The caller's payments: subscription invoices and bill payments, newest first",
        responses: { 200: json(paymentListSchema, 'Payments'), 401: unauthorized },
      }),
      async (c) => c.json({ payments: await signedInUser(c).inScope((db, userId) => listPayments(db, userId)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/payments/{id}/receipt',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: "A PDF receipt of one of the caller's payments (another user's is 404)",
        request: { params: z.object({ id: z.string().min(1).max(300).openapi({ param: { name: 'id', in: 'path' } }) }) },
        responses: { 200: { description: 'application/pdf', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, 401: unauthorized, 404: err(PAYMENT_MESSAGES.paymentNotFound) },
      }),
      async (c) => {
        const user = signedInUser(c);
        const payment = await user.inScope((db, userId) => getPayment(db, userId, c.req.valid('param').id));
        const pdf = await renderReceiptPdf(payment, await emailOf(user.id));
        return c.body(pdf.slice().buffer, 200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="wattwise-receipt-${payment.occurredAt.toISOString().slice(0, 10)}.pdf"`,
          'cache-control': 'private, no-store',
        });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/guarantee',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: 'The savings guarantee: yearly savings found since the paid plan started, and whether a refund may be requested',
        responses: { 200: json(guaranteeStatusSchema, 'Guarantee'), 401: unauthorized },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => getGuaranteeStatus(db, userId)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/guarantee/refund-request',
        middleware: [signedIn] as const,
        tags: ['Payments'],
        summary: 'Request the guarantee refund (30 days after the plan started, under $100 a year found); recorded for admin review',
        responses: { 201: json(guaranteeStatusSchema, 'Requested'), 401: unauthorized, 409: err(GUARANTEE_MESSAGES.notEligible) },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => requestGuaranteeRefund(db, userId)), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/subscriptions',
        middleware: [deps.adminOnly] as const,
        tags: ['Admin'],
        summary: "Admin 'Users & Subscriptions': every user with their subscription, newest accounts first, a page at a time",
        request: { query: pageQuerySchema },
        responses: { 200: json(adminUserSubscriptionPageSchema, 'A page of users'), 400: err('Invalid cursor'), 401: unauthorized, 403: err(ADMIN_REQUIRED) },
      }),
      async (c) => c.json(await listUserSubscriptions(deps.db, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/refund-requests',
        middleware: [deps.adminOnly] as const,
        tags: ['Admin'],
        summary: 'Savings-guarantee refund requests for review, newest first, with the savings found, the plan start and the amount paid',
        request: { query: z.object({ status: z.enum(['pending', 'all']).default('all') }) },
        responses: { 200: json(adminRefundRequestListSchema, 'Refund requests'), 401: unauthorized, 403: err(ADMIN_REQUIRED) },
      }),
      async (c) => c.json({ items: await listRefundRequestsForAdmin(deps.db, c.req.valid('query').status === 'pending' ? { status: 'pending' } : {}) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/refund-requests/{id}/decision',
        middleware: [deps.adminOnly] as const,
        tags: ['Admin'],
        summary: 'Approve (refund every paid invoice of the plan through the provider and cancel it) or reject a refund request; the user is notified. Approving twice refunds once',
        request: { params: z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) }), body: body(refundDecisionSchema) },
        responses: { 200: json(adminRefundRequestListSchema, 'The request as decided'), 401: unauthorized, 403: err(ADMIN_REQUIRED), 404: err(GUARANTEE_MESSAGES.requestNotFound), 409: err(GUARANTEE_MESSAGES.alreadyDecided) },
      }),
      async (c) => {
        const review = { db: deps.db, provider: deps.provider, notifier: deps.notifier, logger: deps.logger };
        return c.json({ items: await decideGuaranteeRefund(review, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json').decision) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: WEBHOOK_PATH,
        tags: ['Payments'],
        summary: 'Payment events (Stripe, or the built-in test checkout), verified by their Stripe-Signature; each event applies once',
        responses: { 200: json(z.object({ received: z.boolean(), outcome: z.enum(['applied', 'duplicate', 'ignored']) }), 'Received'), 400: err(PAYMENT_MESSAGES.badSignature) },
      }),
      async (c) => {
        const payload = await c.req.text();
        let event;
        try {
          event = constructPaymentEvent(payload, c.req.header('stripe-signature'), deps.provider.webhookSecret);
        } catch {
          return c.json(errorBody('BAD_SIGNATURE', PAYMENT_MESSAGES.badSignature), 400);
        }
        const outcome = await applyPaymentEventWithRewards({ db: deps.db, logger: deps.logger, notifier: deps.notifier, publicUrl: deps.publicUrl }, event);
        return c.json({ received: true, outcome }, 200);
      },
    );
}
