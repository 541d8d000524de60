import { tabTo } from './support/keyboard.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { text } from './support/texts.ts';

test('keyboard: Premier checkout with the local provider, in Chinese, from the Premier page to success', async ({
  page,
  baseURL,
}) => {
  const language = 'zh-CN';
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const brand = t('common:brand');
  await signInAs(page, baseURL!, { email: uniqueEmail('keyboard-checkout') });
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  await page.goto('/premier');
  const main = page.getByRole('main');
  await expect(page.locator('main h1')).toHaveText(t('premium:title'));
  const become = main.getByRole('button', { name: t('premium:form.submit') });
  await expect(become).toBeEnabled();
  await tabTo(page, t('premium:form.submit'));
  await page.keyboard.press('Enter');

  // The local provider's page speaks the reader's language; its first Tab stop is Pay.
  await expect(page).toHaveURL(/\/api\/premier\/local-checkout\/cs_local_[\w-]+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premier 会员');
  await expect(page).toHaveTitle(`测试结账 · ${brand}`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '付款' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_[\w-]+$/);
  await expect(page.locator('main h1')).toHaveText(t('premium:success.title'));
  await expect(page).toHaveTitle(`${t('premium:success.title')} · ${brand}`);
  // The way on is a Tab stop (what follows a navigation is keyboard-journeys.spec.ts's).
  await tabTo(page, t('premium:success.goHome'));
});
