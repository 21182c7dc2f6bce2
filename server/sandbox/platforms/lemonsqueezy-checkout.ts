import { escapeHtml } from '../sandbox-html.js';
import type { SandboxApp, SandboxContext, SandboxContextC } from '../sandbox-types.js';
import {
  CHECKOUT_HOST,
  DEMO_PRODUCT,
  isCheckoutSignature,
  type LsCheckoutRecord,
  lsState,
} from './lemonsqueezy-state.js';
import { subscribeFromCheckout } from './lemonsqueezy-subscriptions.js';

/** Stripe's test numbers, as Lemon Squeezy's test mode accepts them: this one is declined. */
const DECLINED_CARD = '4000000000000002';
const DEFAULT_CARD = '4242 4242 4242 4242';

/**
 * The hosted checkout at `https://<store>.lemonsqueezy.com/checkout/custom/<id>?signature=...`:
 * the plan, the buyer's e-mail and name, a test card and a Pay button. Paying creates the
 * subscription, sends its webhooks (awaiting the first attempt of each) and returns to the
 * checkout's redirect_url, as Lemon Squeezy's confirmation button does.
 */
export function registerHostedCheckout(app: SandboxApp, ctx: SandboxContext): void {
  const path = `/${CHECKOUT_HOST}/checkout/custom/:id`;

  app.get(path, (c) => {
    const checkout = findSignedCheckout(c, ctx);
    if (!checkout)
      return c.html(messagePage('Checkout not found', 'This checkout link is invalid or has expired.'), 404);
    if (checkout.subscriptionId) return c.html(completedPage(checkout));
    return c.html(
      checkoutPage(c, checkout, { email: checkout.email, name: checkout.name, card: DEFAULT_CARD }),
    );
  });

  app.post(path, async (c) => {
    const checkout = findSignedCheckout(c, ctx);
    if (!checkout)
      return c.html(messagePage('Checkout not found', 'This checkout link is invalid or has expired.'), 404);
    if (checkout.subscriptionId) return c.html(completedPage(checkout));
    const form = await c.req.parseBody();
    const fields = {
      email: String(form.email ?? '').trim(),
      name: String(form.name ?? '').trim(),
      card: String(form.card ?? '').trim(),
    };
    const digits = fields.card.replace(/[\s-]/g, '');
    let error: string | null = null;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email)) error = 'Please enter a valid email address.';
    else if (!fields.name) error = 'Please enter the name on the card.';
    else if (!/^\d{12,19}$/.test(digits)) error = 'Your card number is incomplete.';
    else if (digits === DECLINED_CARD) error = 'Your card was declined.';
    if (error) return c.html(checkoutPage(c, checkout, fields, error), 402);

    await subscribeFromCheckout(ctx, checkout, {
      email: fields.email,
      name: fields.name,
      cardBrand: cardBrand(digits),
      cardLastFour: digits.slice(-4),
    });
    if (checkout.redirectUrl) return c.redirect(checkout.redirectUrl, 303);
    return c.html(completedPage(checkout));
  });
}

function findSignedCheckout(c: SandboxContextC, ctx: SandboxContext): LsCheckoutRecord | undefined {
  const state = lsState(ctx);
  const checkout = state.checkouts.get(c.req.param('id') ?? '');
  if (!checkout || !isCheckoutSignature(state, checkout.id, c.req.query('signature'))) return undefined;
  if (checkout.expiresAt !== null && checkout.expiresAt <= ctx.now()) return undefined;
  return checkout;
}

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'visa';
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f8fafc;color:#0f172a}
.wrap{max-width:880px;margin:0 auto;padding:24px 16px;display:grid;gap:20px}
@media(min-width:760px){.wrap{grid-template-columns:1fr 1fr;align-items:start;padding:56px 24px}}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:14px;padding:24px}
.badge{display:inline-block;font-size:12px;font-weight:700;color:#92400e;background:#fef3c7;border-radius:999px;padding:3px 10px}
.store{font-weight:700;color:#7047eb;font-size:15px;margin-top:12px}
h1{font-size:22px;margin:6px 0 2px}.price{font-size:32px;font-weight:800;margin:16px 0 4px}.price small{font-size:15px;font-weight:500;color:#64748b}
.muted{color:#64748b;font-size:14px;line-height:1.5}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;background:#fff}
input:focus{outline:2px solid #7047eb;outline-offset:1px;border-color:#7047eb}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;margin-top:20px;font:inherit;font-weight:700;font-size:16px;border:0;border-radius:10px;padding:13px 20px;background:#7047eb;color:#fff;cursor:pointer}
button:hover{background:#5b36d6}
.error{margin-top:14px;border:1px solid #fecaca;background:#fef2f2;color:#b91c1c;border-radius:8px;padding:10px 12px;font-size:14px}
.total{display:flex;justify-content:space-between;border-top:1px solid #e2e8f0;margin-top:16px;padding-top:12px;font-weight:600}
a{color:#5b36d6}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function checkoutPage(
  c: SandboxContextC,
  checkout: LsCheckoutRecord,
  fields: { email: string; name: string; card: string },
  error: string | null = null,
): string {
  const action = `${new URL(c.req.url).pathname}?signature=${encodeURIComponent(c.req.query('signature') ?? '')}`;
  const price = DEMO_PRODUCT.priceFormatted;
  return layout(
    `Checkout – ${DEMO_PRODUCT.productName}`,
    `<main class="wrap">
<section class="card" aria-label="Order summary">
<span class="badge">Test mode</span>
<div class="store">Postloom</div>
<h1>${escapeHtml(DEMO_PRODUCT.productName)}</h1>
<div class="muted">${escapeHtml(DEMO_PRODUCT.variantName)} subscription</div>
<div class="price">${price} <small>/ ${DEMO_PRODUCT.interval}</small></div>
<p class="muted">Billed monthly until you cancel. Cancel any time from Postloom's settings.</p>
<div class="total"><span>Due today</span><span>${price}</span></div>
</section>
<section class="card">
<h1>Pay with card</h1>
<p class="muted">This is Postloom's Lemon Squeezy sandbox: no card is charged. Card ${DECLINED_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(fields.email)}">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required value="${escapeHtml(fields.name)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(fields.card)}">
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" value="12 / 34" autocomplete="cc-exp"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" inputmode="numeric" autocomplete="cc-csc"></div></div>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<button type="submit">Pay ${price}</button>
</form>
<p class="muted" style="margin-top:14px">Checkout ${escapeHtml(checkout.id)}</p>
</section>
</main>`,
  );
}

function completedPage(checkout: LsCheckoutRecord): string {
  const back = checkout.redirectUrl
    ? `<p><a href="${escapeHtml(checkout.redirectUrl)}">Continue</a></p>`
    : '<p class="muted">You can close this page.</p>';
  return messagePage('Thanks for your order!', 'This checkout has been paid.', back);
}

function messagePage(title: string, message: string, extra = ''): string {
  return layout(
    title,
    `<main class="wrap" style="grid-template-columns:1fr;max-width:520px"><section class="card"><span class="badge">Test mode</span><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(message)}</p>${extra}</section></main>`,
  );
}
