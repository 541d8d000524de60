import type { Page } from '@playwright/test';
import { signInAs } from './support/session.ts';
import { expect, test } from './support/test.ts';

/** Console errors and warnings (hydration mismatches are reported there) and page errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

test.describe('prerendered public pages', () => {
  test('home and login arrive as complete HTML in the language of the cookie', async ({
    request,
    baseURL,
  }) => {
    const home = await (await request.get(`${baseURL}/`)).text();
    expect(home).toContain('<h1');
    expect(home).toContain('Welcome to CareBridge');
    expect(home).toContain('data-prerendered="en"');
    // The CSP forbids inline scripts: the prerendered page has none.
    expect(home).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    const login = await (
      await request.get(`${baseURL}/login`, { headers: { cookie: 'lang=ar' } })
    ).text();
    expect(login).toContain('<html lang="ar" dir="rtl">');
    expect(login).toContain('سجّل الدخول للمتابعة');
  });

  test('each prerendered page has its own title from the first byte, in its language', async ({
    request,
    baseURL,
  }) => {
    const titleOf = async (path: string, language: string) => {
      const response = await request.get(`${baseURL}${path}`, {
        headers: { cookie: `lang=${language}` },
      });
      return /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
    };
    expect(await titleOf('/', 'en')).toBe('Welcome to CareBridge · CareBridge');
    expect(await titleOf('/login', 'ar')).toBe('سجّل الدخول للمتابعة · كيربريدج');
    expect(await titleOf('/payment-cancel', 'zh-CN')).toBe('付款已取消 · 康桥');
  });

  test('home hydrates without console errors and loads no Stripe, Firebase or Retell code, nor the API client', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    });
    await page.goto('/');
    // Hydrated: the phone from /api/config is filled in by the app.
    await expect(page.getByRole('banner').getByRole('link', { name: /Call/ })).toBeVisible();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(page.getByRole('group', { name: '2 of 4' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const loaded = scripts.join('\n');
    expect(loaded).not.toContain('Stripe.js');
    expect(loaded).not.toContain('FirebaseError');
    expect(loaded).not.toContain('RetellWebClient');
    // RTK Query (its size: docs/decisions/0013-declarative-routes-lazy-store.md): a guest's page
    // asks nothing through it, so the layout's premium sync must not bring it either.
    expect(loaded).not.toContain('refetchOnMountOrArgChange');
    expect(problems).toEqual([]);
  });

  test('a signed-in reader of a prerendered page gets their session, without hydration errors', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, { name: 'Dr. Prerender' });
    const problems = collectProblems(page);
    await page.goto('/');
    await page.getByRole('button', { name: /Open menu/ }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Dr. Prerender' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(problems).toEqual([]);
  });

  test('a reader who chose Arabic gets the page in Arabic, hydrated', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');
    await page.getByLabel('Language').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.goto('/login');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('سجّل الدخول للمتابعة');
    expect(problems).toEqual([]);
  });

  test('a language chosen while a slow phone is still hydrating the page switches it without a hydration error', async ({
    page,
  }) => {
    // A slow phone (as Lighthouse's mobile profile, slower still): the page's own part is
    // hydrated well after the layout, so the choice lands in between.
    test.setTimeout(90_000);
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const problems = collectProblems(page);
    await page.goto('/');
    await page.getByLabel('Language').selectOption('ar');
    // Six times slower: the switch is waited for longer, not expected to be fast.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar', { timeout: 45_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/مرحبًا بك في/);
    expect(problems).toEqual([]);
  });
});
