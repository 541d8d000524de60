import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.ts';
import { useStripeApp } from '../../../test/stripe-app.ts';

/**
 * What choosing Stripe changes in the app beside payments: the local provider's checkout page
 * is gone, and the registry definition adds Stripe.js to GET /api/config and Stripe's origins
 * to the Content-Security-Policy (billing.test.ts has the local provider's counterparts).
 */

const stripe = useStripeApp();
const { openCheckout } = stripe;

describe('the local checkout page', () => {
  it('does not exist with Stripe', async () => {
    const { headers } = await signIn(stripe.ctx);
    const { id } = await openCheckout(headers);
    expect((await stripe.ctx.app.inject(`/api/premier/local-checkout/${id}`)).statusCode).toBe(404);
    const pay = await stripe.ctx.app.inject({
      method: 'POST',
      url: `/api/premier/local-checkout/${id}/pay`,
    });
    expect(pay.statusCode).toBe(404);
  });
});

describe('what the Stripe provider brings to the app (its registry definition)', () => {
  it('GET /api/config names Stripe.js v3 and the publishable key, never a secret', async () => {
    const body = (await stripe.ctx.app.inject('/api/config')).json<Record<string, unknown>>();
    expect(body).toMatchObject({
      paymentsProvider: 'stripe',
      paymentsScript: {
        src: 'https://js.stripe.com/v3/',
        initialiser: 'Stripe',
        publishableKey: 'pk_test_portal',
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/sk_test_portal|whsec_/);
  });

  it("allows Stripe's script, frames, API and checkout in the Content-Security-Policy", async () => {
    const csp = String(
      (await stripe.ctx.app.inject('/api/health')).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;| )/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com(;| )/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;| )/);
    expect(csp).toMatch(/form-action [^;]*https:\/\/checkout\.stripe\.com/);
  });
});
