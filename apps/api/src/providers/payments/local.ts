import crypto from 'node:crypto';
import { localCheckoutPath } from './local-checkout.html.ts';
import { localCheckoutRoutes } from './local-checkout.routes.ts';
import { definePaymentsProvider, InvalidWebhookError, type PaymentsProvider } from './payments.ts';

/**
 * The default provider: no network, no card. A session is an unguessable id (192 random bits)
 * whose checkout page is served by the API itself (`local-checkout.routes.ts`); its Pay
 * button records the payment exactly as Stripe's webhook would.
 */
export function createLocalPaymentsProvider({
  publicUrl,
}: {
  publicUrl: string;
}): PaymentsProvider {
  return {
    name: 'local',
    webhookSignatureHeader: null,
    checkoutPages: localCheckoutRoutes,
    async createCheckoutSession() {
      const id = `cs_local_${crypto.randomBytes(24).toString('base64url')}`;
      return { id, url: `${publicUrl}${localCheckoutPath(id)}` };
    },
    async createPaymentIntent() {
      const id = `pi_local_${crypto.randomBytes(18).toString('base64url')}`;
      return { id, clientSecret: `${id}_secret_${crypto.randomBytes(18).toString('base64url')}` };
    },
    async retrieveCheckoutSession() {
      return null;
    },
    async retrievePaymentCard() {
      return null;
    },
    parseWebhook() {
      throw new InvalidWebhookError('the local payments provider sends no webhooks');
    },
  };
}

/** `PAYMENTS_PROVIDER=local` (the default): no variables, no script, its own checkout pages. */
export const localPayments = definePaymentsProvider({
  name: 'local',
  env: {},
  requiredEnv: [],
  refusedInProductionBecause: '(its test checkout grants premium without a card): use stripe',
  csp: {},
  webhookSignatureHeader: null,
  browserScript: () => null,
  create: async ({ PUBLIC_URL }) => createLocalPaymentsProvider({ publicUrl: PUBLIC_URL }),
});
