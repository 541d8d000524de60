import { escapeHtml, renderHtmlPage, type PageLanguage } from '../../lib/html-page.ts';

/** Path of the API-served test checkout page for a local session. */
export function localCheckoutPath(id: string): string {
  return `/api/premier/local-checkout/${encodeURIComponent(id)}`;
}

/** The stylesheet's path: the CSP (`style-src 'self'`) forbids inline styles. */
export const LOCAL_CHECKOUT_CSS_PATH = '/api/premier/local-checkout.css';

interface CheckoutTexts {
  brand: string;
  title: string;
  badge: string;
  heading: string;
  note: string;
  pay: string;
  cancel: string;
  fine: string;
  notFoundTitle: string;
  notFoundNote: string;
  back: string;
}

/** The page is the reader's, so it speaks their language (the portal's `lang` cookie). */
export const CHECKOUT_TEXTS: Record<PageLanguage, CheckoutTexts> = {
  en: {
    brand: 'CareBridge',
    title: 'Test checkout',
    badge: 'Local test checkout · no card is charged',
    heading: 'Premier membership',
    note: 'One-time payment',
    pay: 'Pay',
    cancel: 'Cancel',
    fine: "This page stands in for the card payment provider's hosted checkout (PAYMENTS_PROVIDER=local). Pay records a confirmed payment exactly as the provider's webhook would.",
    notFoundTitle: 'Checkout not available',
    notFoundNote: 'This checkout does not exist or is no longer open.',
    back: 'Back to Premier membership',
  },
  ar: {
    brand: 'كيربريدج',
    title: 'دفع تجريبي',
    badge: 'دفع تجريبي محلي · لا يتم خصم أي مبلغ من البطاقة',
    heading: 'عضوية بريمير',
    note: 'دفعة لمرة واحدة',
    pay: 'ادفع',
    cancel: 'إلغاء',
    fine: 'تحل هذه الصفحة محل صفحة الدفع المستضافة لدى مزود الدفع بالبطاقة (PAYMENTS_PROVIDER=local). يسجل زر الدفع دفعة مؤكدة تمامًا كما يفعل إشعار المزود.',
    notFoundTitle: 'الدفع غير متاح',
    notFoundNote: 'عملية الدفع هذه غير موجودة أو لم تعد مفتوحة.',
    back: 'العودة إلى عضوية بريمير',
  },
  fr: {
    brand: 'CareBridge',
    title: 'Paiement de test',
    badge: 'Paiement de test local · aucune carte n’est débitée',
    heading: 'Abonnement Premier',
    note: 'Paiement unique',
    pay: 'Payer',
    cancel: 'Annuler',
    fine: 'Cette page remplace la page de paiement hébergée du prestataire de paiement par carte (PAYMENTS_PROVIDER=local). Payer enregistre un paiement confirmé exactement comme le ferait le webhook du prestataire.',
    notFoundTitle: 'Paiement indisponible',
    notFoundNote: 'Ce paiement n’existe pas ou n’est plus ouvert.',
    back: 'Retour à l’abonnement Premier',
  },
  de: {
    brand: 'CareBridge',
    title: 'Test-Kasse',
    badge: 'Lokale Test-Kasse · keine Karte wird belastet',
    heading: 'Premier-Mitgliedschaft',
    note: 'Einmalige Zahlung',
    pay: 'Bezahlen',
    cancel: 'Abbrechen',
    fine: 'Diese Seite ersetzt die gehostete Kasse des Kartenzahlungsanbieters (PAYMENTS_PROVIDER=local). Bezahlen erfasst eine bestätigte Zahlung genau so, wie es der Webhook des Anbieters täte.',
    notFoundTitle: 'Kasse nicht verfügbar',
    notFoundNote: 'Diese Zahlung existiert nicht oder ist nicht mehr offen.',
    back: 'Zurück zur Premier-Mitgliedschaft',
  },
  'zh-CN': {
    brand: '康桥',
    title: '测试结账',
    badge: '本地测试结账 · 不会从银行卡扣款',
    heading: '尊享会员',
    note: '一次性付款',
    pay: '付款',
    cancel: '取消',
    fine: '此页面代替银行卡支付服务商托管的结账页面（PAYMENTS_PROVIDER=local）。“付款”会像服务商的 Webhook 一样记录一笔已确认的付款。',
    notFoundTitle: '结账不可用',
    notFoundNote: '此结账不存在或已关闭。',
    back: '返回尊享会员',
  },
};

function page(language: PageLanguage, title: string, body: string): string {
  return renderHtmlPage({
    language,
    title: `${title} · ${CHECKOUT_TEXTS[language].brand}`,
    head: `<link rel="stylesheet" href="${LOCAL_CHECKOUT_CSS_PATH}">`,
    body: `<main class="card">
${body}
</main>`,
  });
}

export function formatPrice(amount: number, currency: string, language = 'en'): string {
  return new Intl.NumberFormat(language, {
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
  language = 'en',
}: {
  id: string;
  amount: number;
  currency: string;
  language?: PageLanguage;
}): string {
  const base = localCheckoutPath(id);
  const t = CHECKOUT_TEXTS[language];
  const e = (key: keyof CheckoutTexts) => escapeHtml(t[key]);
  return page(
    language,
    t.title,
    `<p class="badge">${e('badge')}</p>
<p class="merchant">${e('brand')}</p>
<h1>${e('heading')}</h1>
<p class="price" data-testid="price" dir="ltr">${escapeHtml(formatPrice(amount, currency, language))}</p>
<p class="note">${e('note')}</p>
<div class="actions">
<form method="post" action="${escapeHtml(`${base}/pay`)}"><button class="pay" type="submit">${e('pay')}</button></form>
<form method="post" action="${escapeHtml(`${base}/cancel`)}"><button class="cancel" type="submit">${e('cancel')}</button></form>
</div>
<p class="fine">${e('fine')}</p>`,
  );
}

export function renderCheckoutNotFound(language: PageLanguage = 'en'): string {
  const t = CHECKOUT_TEXTS[language];
  const e = (key: keyof CheckoutTexts) => escapeHtml(t[key]);
  return page(
    language,
    t.notFoundTitle,
    `<h1>${e('notFoundTitle')}</h1>
<p class="note">${e('notFoundNote')}</p>
<p><a class="link" href="/premier">${e('back')}</a></p>`,
  );
}

export const LOCAL_CHECKOUT_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-block-size:100vh;display:grid;place-items:center;padding:1rem;background:#eef3f5;color:#17242b;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Sans SC',sans-serif;line-height:1.5}
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
