import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AppEnv } from '../../http/types.ts';
import { renderCheckoutMessagePage, renderTestCheckoutPage } from './test-checkout.page.ts';
import { type DeliverWebhook, findTestCheckout, payTestCheckout, successUrlOf } from './test-checkout.ts';

const PAGE_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/**
 * The built-in test checkout's pages (no Stripe keys): GET shows the hosted-checkout page of a
 * session, POST charges a test card. Reached by the session's unguessable id, as Stripe's are.
 */
export function createTestCheckoutRoutes(deps: { db: Db; deliver: DeliverWebhook }) {
  const notFound = () => renderCheckoutMessagePage('Checkout not found', 'This checkout session does not exist or has expired.', { href: '/pricing', label: 'Back to pricing' });
  return new Hono<AppEnv>()
    .get('/checkout/test/:id', async (c) => {
      try {
        const session = await findTestCheckout(deps.db, c.req.param('id'));
        if (session.status === 'complete') {
          return c.html(renderCheckoutMessagePage('Already paid', 'This checkout is complete.', { href: successUrlOf(session), label: 'Continue to Wattwise' }), 200, PAGE_HEADERS);
        }
        return c.html(renderTestCheckoutPage(session), 200, PAGE_HEADERS);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return c.html(notFound(), 404, PAGE_HEADERS);
        throw error;
      }
    })
    .post('/checkout/test/:id', async (c) => {
      const id = c.req.param('id');
      const form = await c.req.parseBody();
      const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
      const card = { number: field('number'), expiry: field('expiry'), cvc: field('cvc') };
      try {
        const result = await payTestCheckout(deps.db, deps.deliver, id, card);
        if (result.ok) return c.redirect(result.redirect, 303);
        const session = await findTestCheckout(deps.db, id);
        return c.html(renderTestCheckoutPage(session, { error: result.message, values: { number: card.number, expiry: card.expiry, name: field('name') } }), 402, PAGE_HEADERS);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return c.html(notFound(), 404, PAGE_HEADERS);
        throw error;
      }
    });
}
