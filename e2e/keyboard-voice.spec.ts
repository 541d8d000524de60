import { recordAnnouncements, tabTo } from './support/keyboard.ts';
import { expect, test } from './support/test.ts';
import { text, type Language } from './support/texts.ts';

// The suite's server runs without a Retell key: pressing the button says so.
for (const language of ['ar', 'de'] as const satisfies Language[]) {
  test(`keyboard: the voice button answers, and dismissing its message gives focus back (${language})`, async ({
    page,
  }) => {
    const t = (key: string) => text(language, key);
    await page.addInitScript((code) => localStorage.setItem('lang', code), language);
    const heard = await recordAnnouncements(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const callButton = page.getByRole('button', { name: t('voice:callButton'), exact: true });

    // In the stored language (the app re-renders the prerendered page in it), then the last
    // control of the page, reached by Tab from wherever focus is.
    await expect(callButton).toBeVisible();
    await tabTo(page, t('voice:callButton'), { limit: 100 });
    await expect(callButton).toBeFocused();
    await page.keyboard.press('Enter');
    const message = page.getByRole('status').filter({ hasText: t('voice:messages.notConfigured') });
    await expect(message).toBeVisible();
    await expect.poll(() => heard.includes(t('voice:messages.notConfigured'))).toBe(true);
    await expect(callButton).toHaveAttribute('aria-pressed', 'false');

    await tabTo(page, t('voice:dismiss'), { backwards: true, limit: 3 });
    await page.keyboard.press('Enter');
    await expect(message).toHaveCount(0);
    await expect(callButton).toBeFocused();
  });
}
