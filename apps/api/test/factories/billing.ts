import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuthHeaders, TestContext } from '../app.ts';
import { checkoutSessions, payments } from '../../src/db/schema/billing.ts';
import { users } from '../../src/db/schema/users.ts';

/** Test helpers for billing (imported by tests only). */

export function startCheckout(ctx: TestContext, headers: AuthHeaders, amount: unknown = 100) {
  return postToBilling(ctx, 'create-checkout-session', headers, { amount });
}

/** The payment form's call: a payment intent for the price (or another `amount`). */
export function startPaymentIntent(ctx: TestContext, headers: AuthHeaders, amount: unknown = 100) {
  return postToBilling(ctx, 'create-payment-intent', headers, { amount });
}

/** Any body (none when `payload` is undefined) to one of the two routes that start a payment. */
export function postToBilling(
  ctx: TestContext,
  route: 'create-checkout-session' | 'create-payment-intent',
  headers: AuthHeaders,
  payload?: object,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/premier/${route}`,
    headers,
    ...(payload !== undefined && { payload }),
  });
}

/** A checkout session the API accepted: `{ id, url }`. */
export async function openCheckout(
  ctx: TestContext,
  headers: AuthHeaders,
): Promise<{ id: string; url: string }> {
  const response = await startCheckout(ctx, headers);
  expect(response.statusCode).toBe(200);
  return response.json();
}

export async function isPremium(ctx: TestContext, userId: string): Promise<boolean> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return row!.isPremium;
}

export function paymentsOf(ctx: TestContext, userId: string) {
  return ctx.database.db.select().from(payments).where(eq(payments.userId, userId));
}

export function checkoutSessionsOf(ctx: TestContext, userId: string) {
  return ctx.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
}

/** The local checkout page's Pay or Cancel button: an empty form post, no token. */
export function submitLocalCheckout(ctx: TestContext, id: string, button: 'pay' | 'cancel') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/premier/local-checkout/${id}/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** A checkout session's row. */
export async function checkoutSessionRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id));
  return row;
}

/**
 * These helpers bound to one test file's app: `app()` is read at each call, so the file's
 * `beforeAll` may create the app after this is called.
 */
export function billingOf(app: () => TestContext) {
  return {
    startCheckout: (headers: AuthHeaders, amount: unknown = 100) =>
      startCheckout(app(), headers, amount),
    startPaymentIntent: (headers: AuthHeaders, amount: unknown = 100) =>
      startPaymentIntent(app(), headers, amount),
    postToBilling: (
      route: Parameters<typeof postToBilling>[1],
      headers: AuthHeaders,
      payload?: object,
    ) => postToBilling(app(), route, headers, payload),
    openCheckout: (headers: AuthHeaders) => openCheckout(app(), headers),
    pay: (id: string) => submitLocalCheckout(app(), id, 'pay'),
    cancel: (id: string) => submitLocalCheckout(app(), id, 'cancel'),
    isPremium: (userId: string) => isPremium(app(), userId),
    paymentsOf: (userId: string) => paymentsOf(app(), userId),
    checkoutSessionsOf: (userId: string) => checkoutSessionsOf(app(), userId),
    sessionRow: (id: string) => checkoutSessionRow(app(), id),
  };
}

/** Makes the signed-in user a premium member the way a payment does (local checkout, Pay). */
export async function becomeMember(ctx: TestContext, headers: AuthHeaders): Promise<void> {
  const { id } = await openCheckout(ctx, headers);
  expect((await submitLocalCheckout(ctx, id, 'pay')).statusCode).toBe(303);
}
