import { expect, type Page } from '@playwright/test';

/**
 * Makes the signed-in user a Premier member as paying does: a checkout paid through the local
 * provider (the server's `users.isPremium` is what every members-only check and the page-load
 * premium sync read), then the stored session marked premium as the success page would.
 */
export async function becomeMember(page: Page, baseURL: string, idToken: string) {
  const checkout = await page.request.post(`${baseURL}/api/premier/create-checkout-session`, {
    headers: { authorization: `Bearer ${idToken}` },
    data: { amount: 100 },
  });
  expect(checkout.status()).toBe(200);
  const { id } = (await checkout.json()) as { id: string };
  const paid = await page.request.post(`${baseURL}/api/premier/local-checkout/${id}/pay`, {
    form: {},
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await page.evaluate(() => {
    const root = localStorage.getItem('root');
    if (!root) return;
    const stored = JSON.parse(root) as { auth: string };
    const auth = JSON.parse(stored.auth) as { userData: { premiumMember: boolean } | null };
    if (auth.userData) auth.userData.premiumMember = true;
    localStorage.setItem('root', JSON.stringify({ ...stored, auth: JSON.stringify(auth) }));
  });
}
