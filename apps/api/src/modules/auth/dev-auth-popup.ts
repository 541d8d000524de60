/**
 * The local development account chooser (AUTH_PROVIDER=local): a page the web app opens in a
 * 500x600 popup. It never runs inline code (the CSP allows scripts from 'self' only), so its
 * script and styles are served by their own routes; texts travel as data attributes.
 */
import { EMAIL } from '@portal/shared/email';
import { escapeHtml, renderHtmlPage, type PageLanguage } from '../../lib/html-page.ts';

interface PopupTexts {
  badge: string;
  title: string;
  lead: string;
  recent: string;
  other: string;
  name: string;
  email: string;
  submit: string;
  cancel: string;
  note: string;
  noOpener: string;
  failed: string;
  nameRequired: string;
  invalidEmail: string;
}

/** Exported for the end-to-end journeys, which read what the reader should see from here. */
export const POPUP_TEXTS: Record<PageLanguage, PopupTexts> = {
  en: {
    badge: 'Local development sign-in',
    title: 'Choose an account',
    lead: 'to continue to CareBridge',
    recent: 'Recent local accounts',
    other: 'Use another account',
    name: 'Name',
    email: 'Email',
    submit: 'Continue',
    cancel: 'Cancel',
    note: 'For development only: there is no password, and this page does not exist when the portal uses Google sign-in.',
    noOpener: "Open this page with the portal's 'Sign In with Google' button.",
    failed: 'Sign-in failed. Please try again.',
    nameRequired: 'Name is required.',
    invalidEmail: 'Please enter a valid email address.',
  },
  ar: {
    badge: 'تسجيل دخول للتطوير المحلي',
    title: 'اختر حسابًا',
    lead: 'للمتابعة إلى كيربريدج',
    recent: 'الحسابات المحلية الأخيرة',
    other: 'استخدام حساب آخر',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    submit: 'متابعة',
    cancel: 'إلغاء',
    note: 'للتطوير فقط: لا توجد كلمة مرور، ولا توجد هذه الصفحة عندما تستخدم البوابة تسجيل الدخول عبر جوجل.',
    noOpener: "افتح هذه الصفحة من زر 'تسجيل الدخول باستخدام جوجل' في البوابة.",
    failed: 'تعذّر تسجيل الدخول. يُرجى المحاولة مرة أخرى.',
    nameRequired: 'الاسم مطلوب.',
    invalidEmail: 'يُرجى إدخال عنوان بريد إلكتروني صالح.',
  },
  fr: {
    badge: 'Connexion de développement local',
    title: 'Choisissez un compte',
    lead: 'pour continuer vers CareBridge',
    recent: 'Comptes locaux récents',
    other: 'Utiliser un autre compte',
    name: 'Nom',
    email: 'Adresse e-mail',
    submit: 'Continuer',
    cancel: 'Annuler',
    note: "Pour le développement uniquement : aucun mot de passe, et cette page n'existe pas lorsque le portail utilise la connexion Google.",
    noOpener: 'Ouvrez cette page avec le bouton « Se connecter avec Google » du portail.',
    failed: 'La connexion a échoué. Veuillez réessayer.',
    nameRequired: 'Le nom est obligatoire.',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
  },
  de: {
    badge: 'Lokale Entwicklungs-Anmeldung',
    title: 'Konto auswählen',
    lead: 'weiter zu CareBridge',
    recent: 'Zuletzt verwendete lokale Konten',
    other: 'Anderes Konto verwenden',
    name: 'Name',
    email: 'E-Mail-Adresse',
    submit: 'Weiter',
    cancel: 'Abbrechen',
    note: 'Nur für die Entwicklung: Es gibt kein Passwort, und diese Seite existiert nicht, wenn das Portal die Google-Anmeldung verwendet.',
    noOpener: 'Öffnen Sie diese Seite über die Schaltfläche „Mit Google anmelden“ des Portals.',
    failed: 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    nameRequired: 'Name ist erforderlich.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  },
  'zh-CN': {
    badge: '本地开发登录',
    title: '选择账号',
    lead: '以继续使用康桥',
    recent: '最近使用的本地账号',
    other: '使用其他账号',
    name: '姓名',
    email: '电子邮箱',
    submit: '继续',
    cancel: '取消',
    note: '仅供开发使用：无需密码；当门户使用谷歌账号登录时，此页面不存在。',
    noOpener: '请通过门户的“使用谷歌账号登录”按钮打开此页面。',
    failed: '登录失败，请重试。',
    nameRequired: '姓名为必填项。',
    invalidEmail: '请输入有效的电子邮箱地址。',
  },
};

/** The chooser page in the requested language; no inline script or style anywhere. */
export function renderPopupPage(language: PageLanguage): string {
  const t = POPUP_TEXTS[language];
  const e = (key: keyof PopupTexts) => escapeHtml(t[key]);
  return renderHtmlPage({
    language,
    title: t.badge,
    head: `<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/dev-auth/popup.css">
<script type="module" src="/api/dev-auth/popup.js"></script>`,
    body: `<main class="card" aria-labelledby="title">
<p class="badge">${e('badge')}</p>
<h1 id="title">${e('title')}</h1>
<p class="lead">${e('lead')}</p>
<section id="recent" class="recent" aria-labelledby="recent-title" hidden>
<h2 id="recent-title">${e('recent')}</h2>
<ul id="recent-list" class="accounts"></ul>
</section>
<form id="account-form" class="form" novalidate
 data-no-opener="${e('noOpener')}" data-failed="${e('failed')}"
 data-name-required="${e('nameRequired')}" data-invalid-email="${e('invalidEmail')}">
<h2>${e('other')}</h2>
<label for="name">${e('name')}</label>
<input id="name" name="name" autocomplete="name" maxlength="100" required>
<p id="name-error" class="error" hidden></p>
<label for="email">${e('email')}</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required dir="ltr">
<p id="email-error" class="error" hidden></p>
<p id="error" class="error" role="alert" hidden></p>
<div class="actions">
<button type="button" id="cancel" class="secondary">${e('cancel')}</button>
<button type="submit" class="primary">${e('submit')}</button>
</div>
</form>
<p class="note">${e('note')}</p>
</main>`,
  });
}

/**
 * Runs in the popup: recent accounts from this browser, the form, and the hand-back. Its e-mail
 * pattern is the shared one (so the ReDoS check of the shared patterns covers it too).
 */
export const POPUP_SCRIPT = `'use strict';
const STORAGE_KEY = 'portal_dev_auth_accounts';
const MAX_ACCOUNTS = 5;
const EMAIL = ${EMAIL};
const state = new URLSearchParams(location.search).get('state') || '';
const form = document.getElementById('account-form');
const errorBox = document.getElementById('error');
const texts = form.dataset;

function readAccounts() {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) || '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((a) => a && typeof a.name === 'string' && typeof a.email === 'string')
      .slice(0, MAX_ACCOUNTS);
  } catch {
    return [];
  }
}

function remember(account) {
  const others = readAccounts().filter((a) => a.email !== account.email);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([account, ...others].slice(0, MAX_ACCOUNTS)));
  } catch {
    // Private modes can refuse storage; the sign-in itself still works.
  }
}

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

// A field's message sits under that field, tied to it by aria-describedby, and focus goes to
// the field: its label, value and message are read together.
function showFieldError(field, message) {
  const input = form.elements[field];
  const box = document.getElementById(field + '-error');
  box.textContent = message;
  box.hidden = !message;
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', box.id);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

function showFieldErrors(errors) {
  showFieldError('name', errors.name || '');
  showFieldError('email', errors.email || '');
  const first = ['name', 'email'].find((field) => errors[field]);
  if (first) form.elements[first].focus();
}

function setBusy(isBusy) {
  document.body.setAttribute('aria-busy', String(isBusy));
  for (const control of document.querySelectorAll('button, input')) control.disabled = isBusy;
}

async function signIn(account) {
  showError('');
  showFieldErrors({});
  if (!window.opener) return showError(texts.noOpener);
  setBusy(true);
  try {
    const response = await fetch('/api/dev-auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      const fields = body.fieldErrors || {};
      if (!fields.name && !fields.email) return showError(texts.failed);
      return showFieldErrors({
        name: fields.name ? texts.nameRequired : '',
        email: fields.email ? texts.invalidEmail : '',
      });
    }
    remember(account);
    // Only a window of this very origin (the portal that opened the popup) receives the token.
    window.opener.postMessage(
      { type: 'portal-dev-auth', state, idToken: body.idToken, expiresIn: body.expiresIn },
      location.origin,
    );
    window.close();
  } catch {
    showError(texts.failed);
  } finally {
    setBusy(false);
  }
}

function renderAccounts() {
  const accounts = readAccounts();
  const list = document.getElementById('recent-list');
  list.replaceChildren();
  for (const account of accounts) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'account';
    const avatar = document.createElement('span');
    avatar.className = 'avatar';
    avatar.setAttribute('aria-hidden', 'true');
    const bareName = account.name.trim().replace(/^(dr|prof|mr|mrs|ms)\\.?\\s+/i, '');
    avatar.textContent = (Array.from(bareName)[0] || '?').toUpperCase();
    const who = document.createElement('span');
    who.className = 'who';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = account.name;
    const email = document.createElement('span');
    email.className = 'email';
    email.textContent = account.email;
    who.append(name, email);
    button.append(avatar, who);
    button.addEventListener('click', () => void signIn(account));
    const item = document.createElement('li');
    item.append(button);
    list.append(item);
  }
  document.getElementById('recent').hidden = accounts.length === 0;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  const email = form.elements.email.value.trim();
  const errors = {
    name: name ? '' : texts.nameRequired,
    email: EMAIL.test(email) ? '' : texts.invalidEmail,
  };
  showError('');
  showFieldErrors(errors);
  if (errors.name || errors.email) return;
  void signIn({ name, email });
});
document.getElementById('cancel').addEventListener('click', () => window.close());
// Escape closes the window like its Cancel button: the portal treats it as a cancelled sign-in.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') window.close();
});
renderAccounts();
if (!window.opener) showError(texts.noOpener);
`;

export const POPUP_STYLES = `:root {
  color-scheme: light;
  --brand: #0b6e6e;
  --brand-strong: #075454;
  --text: #17242b;
  --muted: #4a5a63;
  --border: #d5e0e4;
  --danger: #b42318;
  --warning: #fff6e0;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic',
    'Noto Sans SC', sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: #f5f8f9; color: var(--text); line-height: 1.5; }
.card {
  max-inline-size: 28rem;
  margin: 0.75rem auto;
  padding: 1rem 1.25rem;
  background: #fff;
  border: 1px solid var(--border);
  border-radius: 16px;
}
.badge {
  margin: 0 0 0.75rem;
  padding: 0.35rem 0.75rem;
  background: var(--warning);
  border: 1px solid #e8c46a;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  text-align: center;
}
h1 { margin: 0; font-size: 1.4rem; }
h2 { margin: 0 0 0.5rem; font-size: 1rem; }
.lead { margin: 0 0 0.75rem; color: var(--muted); }
.recent { margin-block-end: 0.75rem; }
.accounts { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.4rem; }
.account {
  inline-size: 100%;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem;
  background: #fff;
  border: 1px solid var(--border);
  border-radius: 10px;
  text-align: start;
  font: inherit;
  cursor: pointer;
}
.account:hover, .account:focus-visible { border-color: var(--brand); background: #e3f3f1; }
.avatar {
  flex: none;
  inline-size: 2rem;
  block-size: 2rem;
  display: grid;
  place-items: center;
  border-radius: 50%;
  background: var(--brand);
  color: #fff;
  font-weight: 700;
}
.who { display: grid; min-inline-size: 0; }
.name { font-weight: 600; }
.email { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
.form { display: grid; gap: 0.35rem; }
label { font-weight: 600; font-size: 0.95rem; margin-block-start: 0.25rem; }
input {
  font: inherit;
  padding: 0.5rem 0.65rem;
  border: 1px solid #8fa3ab;
  border-radius: 8px;
}
input:focus-visible, button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.error { margin: 0.25rem 0 0; color: var(--danger); font-weight: 600; }
.actions { display: flex; gap: 0.5rem; justify-content: flex-end; margin-block-start: 0.75rem; }
.primary, .secondary {
  font: inherit;
  font-weight: 600;
  padding: 0.5rem 1.1rem;
  border-radius: 8px;
  cursor: pointer;
}
.primary { background: var(--brand); color: #fff; border: 1px solid var(--brand); }
.primary:hover { background: var(--brand-strong); }
.secondary { background: #fff; color: var(--text); border: 1px solid var(--border); }
button:disabled { opacity: 0.6; cursor: progress; }
.note { margin: 0.75rem 0 0; font-size: 0.85rem; color: var(--muted); }
`;
