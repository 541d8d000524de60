import { openAs } from './support/journey.ts';
import { skipToMain, tabTo } from './support/keyboard.ts';
import { CHECKOUT_TEXTS } from './support/server-texts.ts';
import { uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES } from './support/texts.ts';

for (const language of KEYBOARD_LANGUAGES) {
  test(`keyboard: Premier checkout with the local provider, from the Premier page to success (${language})`, async ({
    page,
    baseURL,
  }) => {
    const checkout = CHECKOUT_TEXTS[language];
    const { t, main } = await openAs(page, baseURL!, language, '/premier', {
      email: uniqueEmail('keyboard-checkout'),
    });
    const brand = t('common:brand');
    await expect(page.locator('main h1')).toHaveText(t('premium:title'));
    await expect(main.getByRole('button', { name: t('premium:form.submit') })).toBeEnabled();
    await skipToMain(page, t('common:skipToContent'));
    await tabTo(page, t('premium:form.submit'));
    await page.keyboard.press('Enter');

    // The local provider's page speaks the reader's language; its first Tab stop is Pay.
    await expect(page).toHaveURL(/\/api\/premier\/local-checkout\/cs_local_[\w-]+$/);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(checkout.heading);
    await expect(page).toHaveTitle(`${checkout.title} · ${brand}`);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: checkout.pay })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_[\w-]+$/);
    await expect(page.locator('main h1')).toHaveText(t('premium:success.title'));
    await expect(page).toHaveTitle(`${t('premium:success.title')} · ${brand}`);
    // The way on is a Tab stop (what follows a navigation is keyboard-journeys.spec.ts's).
    await tabTo(page, t('premium:success.goHome'));
  });
}
