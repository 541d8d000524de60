import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { startServer } from './support/server.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { openSideMenu } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';

/** premiumMember as the app persisted it under `root`. */
function storedPremiumMember(page: Page) {
  return page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('root') ?? '{}') as { auth?: string };
    const auth = JSON.parse(root.auth ?? '{}') as { userData?: { premiumMember?: boolean } };
    return auth.userData?.premiumMember;
  });
}

async function serverPremiumMember(page: Page, baseURL: string, idToken: string) {
  const response = await page.request.post(`${baseURL}/api/auth/login`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return ((await response.json()) as { user: { premiumMember: boolean } }).user.premiumMember;
}

function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

async function startCheckout(page: Page) {
  await page.goto('/premier');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Unlock Premium Membership' }),
  ).toBeVisible();
  const button = page.getByRole('button', { name: 'Become a Premium Member Now' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page).toHaveURL(/\/api\/premier\/local-checkout\/cs_local_[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Premier membership' })).toBeVisible();
  await expect(page.getByText('$100.00')).toBeVisible();
}

test.describe('Premier membership through the local checkout', () => {
  test('a signed-in user pays and becomes a Premium Member', async ({ page, baseURL }) => {
    const violations = collectCspViolations(page);
    const { idToken } = await signInAs(page, baseURL!, { email: uniqueEmail('premium-pay') });
    await startCheckout(page);

    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    await expect(page.getByText('You are now a Premium Member!')).toBeVisible();
    await expect.poll(() => storedPremiumMember(page)).toBe(true);
    expect(await serverPremiumMember(page, baseURL!, idToken)).toBe(true);

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);

    const menu = await openSideMenu(page);
    const premiumed = menu.getByRole('button', { name: 'Premiumed' });
    await expect(premiumed).toHaveAttribute('aria-disabled', 'true');
    // `force` skips Playwright's wait for a still element, so wait for the menu to have slid in.
    await expect(premiumed).toBeInViewport({ ratio: 1 });
    await premiumed.click({ force: true }); // aria-disabled: Playwright would wait for it to enable
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(menu.getByRole('link', { name: 'Premier' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/premier');
    await expect(page.getByRole('heading', { level: 1, name: 'Premium Member' })).toBeVisible();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('You are already a Premium Member!');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Premium Member' }).click();
    expect(violations).toEqual([]);
  });

  test('Cancel lands on the cancel page and changes nothing', async ({ page, baseURL }) => {
    const { idToken } = await signInAs(page, baseURL!, { email: uniqueEmail('premium-cancel') });
    await startCheckout(page);
    const checkoutUrl = page.url();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`${baseURL}/payment-cancel`);
    await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/premier');
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(await storedPremiumMember(page)).toBe(false);
    expect(await serverPremiumMember(page, baseURL!, idToken)).toBe(false);

    // The canceled checkout cannot be paid afterwards.
    const reopened = await page.goto(checkoutUrl);
    expect(reopened?.status()).toBe(404);
    await expect(
      page.getByText('This checkout does not exist or is no longer open.'),
    ).toBeVisible();
  });

  test('opening /payment-success directly grants nothing', async ({ page, baseURL }) => {
    const { idToken } = await signInAs(page, baseURL!, { email: uniqueEmail('premium-direct') });
    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/subscription') && response.status() === 402,
    );
    await page.goto('/payment-success?session_id=cs_local_made_up_by_the_visitor');
    await refused;
    expect(await storedPremiumMember(page)).toBe(false);
    expect(await serverPremiumMember(page, baseURL!, idToken)).toBe(false);
  });
});

test.describe('with PAYMENTS_PROVIDER=stripe', () => {
  test('Stripe.js v3 loads on the premium page only, with the publishable key', async ({
    page,
  }) => {
    test.setTimeout(120_000); // its own server: embedded PostgreSQL starts from scratch
    const server = await startServer({
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_publishable',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const stripeRequests: string[] = [];
      // No network here: serve a stand-in for Stripe.js that records the key it is given.
      await page.route('https://js.stripe.com/**', (route) => {
        stripeRequests.push(route.request().url());
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.Stripe = function (key) { window.__stripeKey = key; return {}; };',
        });
      });
      await signInAs(page, server.url, { email: uniqueEmail('premium-stripe') });
      await page.goto(`${server.url}/`);
      // The configuration (payments provider included) has come and been used once the header's
      // phone is filled in from it: a signed-in page is never network-idle (the messages' live
      // stream stays open), so the page's state is what the test waits for.
      await expect(page.getByRole('banner').getByRole('link', { name: /^Call / })).toBeVisible();
      expect(stripeRequests).toEqual([]);

      await page.goto(`${server.url}/premier`);
      await expect(page.getByRole('button', { name: 'Become a Premium Member Now' })).toBeEnabled();
      expect(stripeRequests).toEqual(['https://js.stripe.com/v3/']);
      expect(
        await page.evaluate(() => (window as unknown as { __stripeKey?: string }).__stripeKey),
      ).toBe('pk_test_e2e_publishable');
    } finally {
      await server.stop();
    }
  });
});

test.describe('accessibility', () => {
  // One page per test: four axe scans in one test can outlast its 30 s on a busy machine.

  test('the checkout page has no axe violations', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { email: uniqueEmail('premium-axe') });
    await startCheckout(page);
    await expectAxeClean(page);
  });

  test('the premium page has no axe violations', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { email: uniqueEmail('premium-axe') });
    await page.goto('/premier');
    await expect(page.getByRole('button', { name: 'Become a Premium Member Now' })).toBeEnabled();
    await expectAxeClean(page);
  });

  test('the cancel and success pages have no axe violations', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { email: uniqueEmail('premium-axe') });
    await page.goto('/payment-cancel');
    await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible();
    await expectAxeClean(page);
    await page.goto('/payment-success?session_id=cs_local_none');
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    await expectAxeClean(page);
  });
});
