/** Stripe.js v3, the card payment provider's hosted script (SPEC.md §7). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

type StripeFactory = (publishableKey: string) => unknown;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<unknown> | null = null;

/**
 * Adds the script once and initialises it with the publishable key. Only the premium page
 * calls this, so no other page loads a third-party script. A failed load can be retried.
 */
export function loadStripeJs(publishableKey: string): Promise<unknown> {
  loading ??= new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe(publishableKey));
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe
        ? resolve(window.Stripe(publishableKey))
        : reject(new Error('Stripe.js loaded but did not initialise'));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error(`Stripe.js could not be loaded from ${STRIPE_JS_URL}`));
    };
    document.head.append(script);
  });
  return loading;
}

/** Tests start from a page without the script. */
export function resetStripeJsForTests(): void {
  loading = null;
}
