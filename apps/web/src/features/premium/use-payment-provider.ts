import { useEffect, useState } from 'react';
import type { TPublicConfig } from '@portal/shared/public-config';
import { loadStripeJs } from './load-stripe.ts';

/**
 * True once the payment provider can take the customer: at once for the local provider;
 * for Stripe when Stripe.js v3 has loaded. A load failure is a console warning and the
 * provider stays not ready (SPEC.md §8).
 */
export function usePaymentProviderReady(config: TPublicConfig | undefined): boolean {
  const stripeKey =
    config?.paymentsProvider === 'stripe' ? (config.stripePublishableKey ?? '') : null;
  const [loadedKey, setLoadedKey] = useState<string | null>(null);

  useEffect(() => {
    if (!stripeKey) return;
    let isCurrent = true;
    loadStripeJs(stripeKey).then(
      () => isCurrent && setLoadedKey(stripeKey),
      (error: unknown) => console.warn('Payment script failed to load:', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [stripeKey]);

  if (!config) return false;
  if (config.paymentsProvider === 'local') return true;
  return stripeKey !== null && stripeKey !== '' && loadedKey === stripeKey;
}
