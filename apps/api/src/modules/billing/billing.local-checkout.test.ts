// The local provider's own checkout page (GET, Pay, Cancel): the page a payer sees offline.
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { billingOf } from '../../../test/factories/billing.ts';

const ctx = useTestApp();

const { openCheckout, pay, cancel, isPremium, paymentsOf, sessionRow } = billingOf(() => ctx);

describe('the local checkout page', () => {
  it('shows the price with Pay and Cancel forms, no script, under the CSP', async () => {
    const { headers } = await signIn(ctx);
    const { id, url } = await openCheckout(headers);
    const response = await ctx.app.inject(new URL(url).pathname);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('$100.00');
    expect(response.body).toContain('Local test checkout');
    expect(response.body).toContain(
      `<form method="post" action="/api/premier/local-checkout/${id}/pay"><button class="pay" type="submit">Pay</button></form>`,
    );
    expect(response.body).toContain(
      `action="/api/premier/local-checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button>`,
    );
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('style=');
    const css = await ctx.app.inject('/api/premier/local-checkout.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('speaks the reader’s language (the portal’s lang cookie) with lang and dir set', async () => {
    const { headers } = await signIn(ctx);
    const { id, url } = await openCheckout(headers);
    const arabic = await ctx.app.inject({
      url: new URL(url).pathname,
      headers: { cookie: 'lang=ar' },
    });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<button class="pay" type="submit">ادفع</button>');
    expect(arabic.body).toContain('كيربريدج');
    expect(arabic.body).not.toMatch(/>(Pay|Cancel|Premier membership)</);
    expect(arabic.headers.vary).toContain('cookie');
    const german = await ctx.app.inject({
      url: `/api/premier/local-checkout/${id}`,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain('>Bezahlen</button>');
    const missing = await ctx.app.inject({
      url: '/api/premier/local-checkout/cs_local_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { cookie: 'lang=zh-CN' },
    });
    expect(missing.body).toContain('<html lang="zh-CN" dir="ltr">');
    expect(missing.body).toContain('结账不可用');
    expect(missing.body).toContain('返回尊享会员');
    // The brand and the membership as Chinese writes them, never in Latin letters.
    expect(missing.body).not.toMatch(/CareBridge|Premier/);
  });

  it.each([
    ['an unknown id', 'cs_local_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed id', "cs_local_'%3Cscript%3E"],
  ])('answers 404 for %s', async (_label, id) => {
    const page = await ctx.app.inject(`/api/premier/local-checkout/${id}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This checkout does not exist or is no longer open.');
    expect(page.body).not.toContain('<script');
    expect((await pay(id)).statusCode).toBe(404);
  });

  it('refuses an overlong id before any lookup', async () => {
    expect(
      (await ctx.app.inject(`/api/premier/local-checkout/${'x'.repeat(400)}`)).statusCode,
    ).toBe(414);
  });

  it('Pay records one payment, grants premium and redirects to /payment-success; repeating is harmless', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const response = await pay(id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `${ctx.config.PUBLIC_URL}/payment-success?session_id=${id}`,
    );
    expect(await isPremium(user._id)).toBe(true);
    expect(await sessionRow(id)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect(await paymentsOf(user._id)).toMatchObject([
      { checkoutSessionId: id, amountMinor: 10_000, currency: 'usd' },
    ]);

    const again = await pay(id);
    expect(again.statusCode).toBe(303);
    expect(await paymentsOf(user._id)).toHaveLength(1);
    // A paid session is no longer open: its page is gone.
    expect((await ctx.app.inject(`/api/premier/local-checkout/${id}`)).statusCode).toBe(404);
  });

  it('Cancel marks the session canceled, redirects to /payment-cancel and grants nothing', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const response = await cancel(id);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ctx.config.PUBLIC_URL}/payment-cancel`);
    expect(await sessionRow(id)).toMatchObject({ status: 'canceled', paidAt: null });
    expect((await ctx.app.inject(`/api/premier/local-checkout/${id}`)).statusCode).toBe(404);
    expect((await pay(id)).statusCode).toBe(404);
    expect(await isPremium(user._id)).toBe(false);
    expect(await paymentsOf(user._id)).toEqual([]);
  });

  it('Cancel after Pay leaves the payment standing', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    await pay(id);
    expect((await cancel(id)).statusCode).toBe(404);
    expect(await sessionRow(id)).toMatchObject({ status: 'paid' });
    expect(await isPremium(user._id)).toBe(true);
  });

  it('Pay and Cancel racing on one session end in exactly one outcome', async () => {
    const { headers, user } = await signIn(ctx);
    const { id } = await openCheckout(headers);
    const [paid, canceled] = await Promise.all([pay(id), cancel(id)]);
    const row = await sessionRow(id);
    const premium = await isPremium(user._id);
    if (row!.status === 'paid') {
      expect(paid.statusCode).toBe(303);
      expect(premium).toBe(true);
      expect(await paymentsOf(user._id)).toHaveLength(1);
    } else {
      expect(row!.status).toBe('canceled');
      expect(canceled.statusCode).toBe(303);
      expect(premium).toBe(false);
      expect(await paymentsOf(user._id)).toHaveLength(0);
    }
  });
});
