import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { nextPageOf } from '../../../test/paging.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import {
  becomeMember,
  isPremium,
  openCheckout,
  submitLocalCheckout,
} from '../../../test/factories/billing.ts';

const ctx = useTestApp();

const list = (headers: AuthHeaders, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/premier/transactions${query}`, headers });
const one = (headers: AuthHeaders, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/premier/transactions/${id}`, headers });
const refund = (headers: AuthHeaders, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/premier/local-checkout/${id}/refund`, headers });
const cancel = (id: string) => submitLocalCheckout(ctx, id, 'cancel');

const invoiceNumberOf = (value: string) => Number(/^INV-(\d+)$/.exec(value)![1]);

/** A member with their paid transaction, and another signed-in user who does not own it. */
async function memberAndStranger() {
  const owner = await signIn(ctx);
  const other = await signIn(ctx);
  await becomeMember(ctx, owner.headers);
  const [paid] = (await list(owner.headers)).json();
  return { owner, other, paid };
}

describe('GET /api/premier/transactions', () => {
  it("lists the user's paid and canceled checkouts, newest first, with invoice and card; not open ones", async () => {
    const { headers, user } = await signIn(ctx);
    const canceled = await openCheckout(ctx, headers);
    expect((await cancel(canceled.id)).statusCode).toBe(303);
    await openCheckout(ctx, headers); // left open: not a transaction
    await becomeMember(ctx, headers);

    const response = await list(headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-total-count']).toBe('2');
    const [paid, second] = response.json();
    expect(paid).toMatchObject({
      status: 'paid',
      amountMinor: 10_000,
      currency: 'usd',
      amountRefundedMinor: 0,
      paymentMethod: { brand: 'visa', last4: '4242' },
      provider: 'local',
      canRefundLocally: true,
      item: 'CareBridge Premier membership',
    });
    expect(paid.invoiceNumber).toMatch(/^INV-\d+$/);
    expect(second).toMatchObject({
      id: canceled.id,
      status: 'canceled',
      invoiceNumber: null,
      paymentMethod: null,
      canRefundLocally: false,
    });
    expect(await isPremium(ctx, user._id)).toBe(true);
  });

  it('gives every paid checkout its own increasing invoice number, also when paid at once', async () => {
    const users = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx), signIn(ctx)]);
    await Promise.all(users.map(({ headers }) => becomeMember(ctx, headers)));
    const numbers = await Promise.all(
      users.map(async ({ headers }) =>
        invoiceNumberOf((await list(headers)).json()[0].invoiceNumber),
      ),
    );
    expect(new Set(numbers).size).toBe(numbers.length);
    const later = await signIn(ctx);
    await becomeMember(ctx, later.headers);
    const latest = invoiceNumberOf((await list(later.headers)).json()[0].invoiceNumber);
    expect(latest).toBeGreaterThan(Math.max(...numbers));
  });

  it('pages with limit and the Link cursor', async () => {
    const { headers } = await signIn(ctx);
    for (let index = 0; index < 3; index += 1) {
      const { id } = await openCheckout(ctx, headers);
      await cancel(id);
    }
    const first = await list(headers, '?limit=2');
    expect(first.json()).toHaveLength(2);
    const next = nextPageOf(first)!;
    const second = await ctx.app.inject({ method: 'GET', url: next, headers });
    expect(second.json()).toHaveLength(1);
    const ids = [...first.json(), ...second.json()].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a bad limit or cursor with 400 and needs a sign-in', async () => {
    const { headers } = await signIn(ctx);
    expect((await list(headers, '?limit=0')).statusCode).toBe(400);
    expect((await list(headers, '?cursor=nope!')).statusCode).toBe(400);
    expect((await list({})).statusCode).toBe(401);
  });
});

describe('GET /api/premier/transactions/{id}', () => {
  it("answers the user's own transaction; someone else's and an open one are 404", async () => {
    const { owner, other, paid } = await memberAndStranger();
    const mine = await one(owner.headers, paid.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json()).toEqual(paid);

    const theirs = await one(other.headers, paid.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('TRANSACTION_NOT_FOUND');
    const open = await openCheckout(ctx, other.headers);
    expect((await one(other.headers, open.id)).statusCode).toBe(404);
    expect((await one(other.headers, 'bad%20id')).statusCode).toBe(400);
  });
});

describe('POST /api/premier/local-checkout/{id}/refund', () => {
  it('refunds in full, ends premium in the same step, audits once, and a repeat changes nothing', async () => {
    const { headers, user } = await signIn(ctx);
    await becomeMember(ctx, headers);
    const [paid] = (await list(headers)).json();

    const refunded = await refund(headers, paid.id);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({
      status: 'refunded',
      amountRefundedMinor: 10_000,
      invoiceNumber: paid.invoiceNumber,
      canRefundLocally: false,
    });
    expect(await isPremium(ctx, user._id)).toBe(false);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().user.premiumMember).toBe(false);

    expect((await refund(headers, paid.id)).statusCode).toBe(200);
    const revocations = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user._id), eq(auditEvents.action, 'revoke_premium')));
    expect(revocations).toHaveLength(1);
    expect(revocations[0]!.outcome).toBe('success');
  });

  it("refuses someone else's (404), an open one (404) and a canceled one (409); premium stays", async () => {
    const { owner, other, paid } = await memberAndStranger();
    const stolen = await refund(other.headers, paid.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('TRANSACTION_NOT_FOUND');
    expect(await isPremium(ctx, owner.user._id)).toBe(true);

    const open = await openCheckout(ctx, other.headers);
    expect((await refund(other.headers, open.id)).statusCode).toBe(404);
    await cancel(open.id);
    const canceled = await refund(other.headers, open.id);
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().code).toBe('TRANSACTION_NOT_REFUNDABLE');
    expect((await refund({}, paid.id)).statusCode).toBe(401);
  });

  it('lets a refunded user buy Premier again, with a new invoice number', async () => {
    const { headers, user } = await signIn(ctx);
    await becomeMember(ctx, headers);
    const [first] = (await list(headers)).json();
    await refund(headers, first.id);
    await becomeMember(ctx, headers);
    expect(await isPremium(ctx, user._id)).toBe(true);
    const [again] = (await list(headers)).json();
    expect(invoiceNumberOf(again.invoiceNumber)).toBeGreaterThan(
      invoiceNumberOf(first.invoiceNumber),
    );
  });
});
