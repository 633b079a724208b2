import type { CheckoutSessionRow } from './payments.queries.ts';

// The built-in test checkout's page: a hosted-checkout look (summary on the left, card form on
// the right), server-rendered HTML with no script, so it works as Stripe's page does from a redirect.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--fg:#0f172a;--muted:#64748b;--border:#cbd5e1;--primary:#047857;--err:#be123c}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--fg:#f8fafc;--muted:#94a3b8;--border:#334155;--primary:#34d399;--err:#fb7185}}
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:960px;margin:0 auto;padding:32px 16px;display:grid;gap:32px}@media(min-width:768px){main{grid-template-columns:1fr 1fr;padding-top:64px}}
a{color:var(--primary)}.back{display:inline-flex;gap:6px;align-items:center;min-height:44px;text-decoration:none;font-weight:500}
.badge{display:inline-block;margin-left:8px;padding:2px 8px;border-radius:999px;background:#f59e0b;color:#1c1917;font-size:12px;font-weight:700}
.amount{font-size:36px;font-weight:700;font-variant-numeric:tabular-nums;margin:8px 0}.muted{color:var(--muted)}
form{background:var(--card);border:1px solid var(--border);border-radius:12px;padding:24px;display:grid;gap:16px}
label{display:grid;gap:6px;font-size:14px;font-weight:500}input{font:inherit;padding:10px 12px;border:1px solid var(--border);border-radius:8px;background:var(--card);color:var(--fg);min-height:44px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}button{font:inherit;font-weight:600;min-height:48px;border:0;border-radius:8px;background:var(--primary);color:#fff;cursor:pointer}
@media (prefers-color-scheme:dark){button{color:#022c22}}
.error{color:var(--err);font-weight:500}.cards{font-size:13px}.cards code{font-size:13px}`;

export function renderTestCheckoutPage(session: CheckoutSessionRow, options: { error?: string; values?: { number?: string; expiry?: string; name?: string } } = {}): string {
  const period = session.mode === 'subscription' ? (session.billingCycle === 'annual' ? ' per year' : ' per month') : '';
  const action = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  const price = money(session.amountCents, session.currency);
  const v = options.values ?? {};
  const error = options.error
    ? `<p class="error" role="alert" id="card-error">${escapeHtml(options.error)}</p>`
    : '';
  const describedBy = options.error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout – Wattwise</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body>
<main>
<section aria-labelledby="summary">
<a class="back" href="${escapeHtml(session.cancelUrl)}">← Back to Wattwise</a>
<h1 id="summary" style="font-size:18px;margin:16px 0 0">Wattwise<span class="badge">TEST MODE</span></h1>
<p class="muted" style="margin:8px 0 0">${escapeHtml(session.description)}</p>
<p class="amount">${price}<span class="muted" style="font-size:16px;font-weight:400">${period}</span></p>
<p class="muted cards">This is Wattwise's built-in test checkout: no card is charged. Test cards: <code>4242 4242 4242 4242</code> succeeds, <code>4000 0000 0000 0002</code> is declined, <code>4000 0000 0000 9995</code> has insufficient funds. Any future expiry and any 3 digits.</p>
</section>
<form method="post" action="/checkout/test/${encodeURIComponent(session.id)}" aria-labelledby="pay-title">
<h2 id="pay-title" style="font-size:18px;margin:0">Pay with card</h2>
${error}
<label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required value="${escapeHtml(v.number ?? '')}"${describedBy}></label>
<div class="row"><label>Expiry (MM / YY)<input name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required value="${escapeHtml(v.expiry ?? '')}"></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></label></div>
<label>Cardholder name<input name="name" autocomplete="cc-name" value="${escapeHtml(v.name ?? '')}"></label>
<button type="submit">${action} ${price}</button>
<p class="muted" style="font-size:13px;margin:0">Changed your mind? <a href="${escapeHtml(session.cancelUrl)}">Cancel and return to Wattwise</a></p>
</form>
</main></body></html>`;
}

export function renderCheckoutMessagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} – Wattwise</title><style>${STYLE}</style></head><body><main style="display:block;max-width:560px"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}</main></body></html>`;
}
