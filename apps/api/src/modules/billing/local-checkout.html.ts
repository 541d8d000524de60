import { localCheckoutPath } from '../../providers/payments/local.ts';

/** The stylesheet's path: the CSP (`style-src 'self'`) forbids inline styles. */
export const LOCAL_CHECKOUT_CSS_PATH = '/api/premier/local-checkout.css';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${LOCAL_CHECKOUT_CSS_PATH}">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount);
}

/**
 * The local provider's hosted checkout: price, Pay and Cancel as plain forms (no script), so it
 * works without JavaScript under the API's CSP. Plainly marked as a test page.
 */
export function renderLocalCheckout({
  id,
  amount,
  currency,
}: {
  id: string;
  amount: number;
  currency: string;
}): string {
  const base = localCheckoutPath(id);
  return page(
    'Test checkout · CareBridge',
    `<p class="badge">Local test checkout · no card is charged</p>
<p class="merchant">CareBridge</p>
<h1>Premier membership</h1>
<p class="price" data-testid="price">${escapeHtml(formatPrice(amount, currency))}</p>
<p class="note">One-time payment</p>
<div class="actions">
<form method="post" action="${escapeHtml(`${base}/pay`)}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(`${base}/cancel`)}"><button class="cancel" type="submit">Cancel</button></form>
</div>
<p class="fine">This page stands in for the card payment provider's hosted checkout (PAYMENTS_PROVIDER=local). Pay records a confirmed payment exactly as the provider's webhook would.</p>`,
  );
}

export function renderCheckoutNotFound(): string {
  return page(
    'Checkout not available · CareBridge',
    `<h1>Checkout not available</h1>
<p class="note">This checkout does not exist or is no longer open.</p>
<p><a class="link" href="/premier">Back to Premier membership</a></p>`,
  );
}

export const LOCAL_CHECKOUT_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-block-size:100vh;display:grid;place-items:center;padding:1rem;background:#eef3f5;color:#17242b;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;line-height:1.5}
.card{inline-size:100%;max-inline-size:26rem;background:#fff;border:1px solid #d5e0e4;border-radius:16px;padding:2rem 1.5rem;box-shadow:0 4px 16px rgb(16 24 40 / 10%)}
.badge{display:inline-block;margin:0 0 1rem;padding:.25rem .6rem;border-radius:999px;background:#fff6e0;color:#7a4b00;font-size:.8rem;font-weight:600}
.merchant{margin:0;color:#4a5a63;font-weight:600}
h1{margin:.25rem 0 1rem;font-size:1.5rem}
.price{margin:0;font-size:2.25rem;font-weight:700}
.note{margin:0 0 1.5rem;color:#4a5a63}
.actions{display:grid;gap:.75rem}
.actions form{margin:0}
button{inline-size:100%;min-block-size:2.75rem;border-radius:10px;font:inherit;font-weight:600;cursor:pointer}
.pay{border:1px solid #0b6e6e;background:#0b6e6e;color:#fff}
.pay:hover{background:#075454}
.cancel{border:1px solid #b7c5cb;background:#fff;color:#17242b}
.cancel:hover{background:#f5f8f9}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.fine{margin:1.5rem 0 0;font-size:.8rem;color:#4a5a63}
.link{color:#1d4ed8}
`;
