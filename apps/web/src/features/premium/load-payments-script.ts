import type { TPaymentsScript } from '@portal/shared/public-config';

let loading: { src: string; ready: Promise<unknown> } | null = null;

function initialise({ initialiser, publishableKey }: TPaymentsScript): unknown {
  const init = (window as unknown as Record<string, unknown>)[initialiser];
  if (typeof init !== 'function') throw new Error(`${initialiser} is not defined by its script`);
  return (init as (key: string) => unknown)(publishableKey);
}

/**
 * Adds the payment provider's script (`GET /api/config`, e.g. Stripe.js v3) once and
 * initialises it with the publishable key. Only the premium page calls this, so no other page
 * loads a third-party script. A failed load can be retried.
 */
export function loadPaymentsScript(script: TPaymentsScript): Promise<unknown> {
  if (loading?.src === script.src) return loading.ready;
  const ready = new Promise((resolve, reject) => {
    if (script.initialiser in window) return resolve(initialise(script));
    const element = document.createElement('script');
    element.src = script.src;
    element.async = true;
    element.onload = () => {
      try {
        resolve(initialise(script));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    element.onerror = () => {
      element.remove();
      loading = null;
      reject(new Error(`The payment script could not be loaded from ${script.src}`));
    };
    document.head.append(element);
  });
  loading = { src: script.src, ready };
  return ready;
}

/** Tests start from a page without the script. */
export function resetPaymentsScriptForTests(): void {
  loading = null;
}
