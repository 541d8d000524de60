import type { Config } from '../../config.ts';
import { createLocalPaymentsProvider } from './local.ts';
import type { PaymentsProvider } from './payments.ts';
import { createStripePaymentsProvider } from './stripe.ts';

export function createPaymentsProvider(config: Config): PaymentsProvider {
  if (config.PAYMENTS_PROVIDER === 'stripe') {
    return createStripePaymentsProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createLocalPaymentsProvider({ publicUrl: config.PUBLIC_URL });
}
