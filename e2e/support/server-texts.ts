/**
 * The texts of the pages the API serves itself (the local sign-in popup, the local checkout),
 * read from where the server keeps them, so a journey in five languages has no copy of them.
 */
export { POPUP_TEXTS } from '../../apps/api/src/modules/auth/dev-auth-popup.ts';
export { CHECKOUT_TEXTS } from '../../apps/api/src/providers/payments/local-checkout.html.ts';
