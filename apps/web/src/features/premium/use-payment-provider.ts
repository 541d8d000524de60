import { useEffect, useState } from 'react';
import type { TPublicConfig } from '@portal/shared/public-config';
import { loadPaymentsScript } from './load-payments-script.ts';

/**
 * True once the payment provider can take the customer: at once for a provider without a
 * browser script (local); otherwise when its script (Stripe.js v3) has loaded. A load failure
 * is a console warning and the provider stays not ready.
 */
export function usePaymentProviderReady(config: TPublicConfig | undefined): boolean {
  // Plain strings, so a new config object with the same script does not load it again.
  const src = config?.paymentsScript?.src;
  const initialiser = config?.paymentsScript?.initialiser;
  const publishableKey = config?.paymentsScript?.publishableKey;
  const scriptKey =
    src && initialiser && publishableKey && `${src} ${initialiser} ${publishableKey}`;
  const [loadedKey, setLoadedKey] = useState<string | null>(null);

  useEffect(() => {
    if (!src || !initialiser || !publishableKey) return;
    let isCurrent = true;
    loadPaymentsScript({ src, initialiser, publishableKey }).then(
      () => isCurrent && setLoadedKey(`${src} ${initialiser} ${publishableKey}`),
      (error: unknown) => console.warn('Payment script failed to load:', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [src, initialiser, publishableKey]);

  if (!config) return false;
  if (!config.paymentsScript) return true;
  return Boolean(scriptKey) && loadedKey === scriptKey;
}
