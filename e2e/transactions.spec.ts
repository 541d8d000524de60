import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openAs } from './support/journey.ts';
import { CHECKOUT_TEXTS } from './support/server-texts.ts';
import { uniqueEmail } from './support/session.ts';
import { openSideMenu } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';
import type { Language } from './support/texts.ts';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Issue 18, for every payer: pay with the local provider, find the transaction in the side
 * menu's Transaction History, open its receipt, refund it, and see premium gone. Each step
 * waits for what the reader sees, never for time.
 */
for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test(`pay, see the transaction and receipt, refund, premium ends (${language})`, async ({
    page,
    baseURL,
  }) => {
    const { t, main } = await openAs(page, baseURL!, language, '/premier', {
      email: uniqueEmail(`transactions-${language}`),
      name: 'Tx Reader',
    });
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    const become = main.getByRole('button', { name: t('premium:form.submit') });
    await expect(become).toBeEnabled();
    await become.click();
    await expect(page).toHaveURL(/\/api\/premier\/local-checkout\/cs_local_[\w-]+$/);
    await page.getByRole('button', { name: CHECKOUT_TEXTS[language].pay, exact: true }).click();
    await expect(page.getByRole('heading', { name: t('premium:success.title') })).toBeVisible();

    // The side menu's Transaction History (no longer a placeholder).
    let menu = await openSideMenu(page);
    await expect(menu.getByRole('button', { name: t('common:menu.premiumed') })).toBeVisible();
    await menu.getByRole('link', { name: t('common:menu.transactionHistory') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('transactions:title') }),
    ).toBeVisible();
    const row = main.getByRole('row').filter({ hasText: /INV-\d+/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('transactions:status.paid'));
    const amount = await page.evaluate(
      (lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(100),
      language,
    );
    await expect(row).toContainText(amount);
    const invoice = (await row
      .getByText(/^INV-\d+$/)
      .first()
      .textContent())!;
    await expectAxeClean(page);

    // The receipt: seller, buyer, item, amount, card, invoice number.
    await row.getByRole('link', { name: new RegExp(t('transactions:receiptLink')) }).click();
    const receipt = page.getByRole('article');
    await expect(receipt).toContainText('Visa •••• 4242');
    for (const text of [
      invoice,
      t('transactions:receipt.sellerName'),
      'Tx Reader',
      t('transactions:receipt.itemName'),
      amount,
    ])
      await expect(receipt).toContainText(text);
    await expectAxeClean(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: t('transactions:receipt.print') })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Refund (the local provider only), with the keyboard.
    await page.getByRole('link', { name: t('transactions:receipt.back') }).click();
    const refund = main.getByRole('button', {
      name: new RegExp(t('transactions:refund').replace(/[()]/g, '\\$&')),
    });
    await refund.focus();
    await page.keyboard.press('Enter');
    await expect(main.getByText(t('transactions:refundDone', { invoice }))).toBeVisible();
    await expect(row).toContainText(t('transactions:status.refunded'));
    await expect(refund).toHaveCount(0);

    // The next page load shows premium gone: Premier leads to /premier again.
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: t('transactions:title') }),
    ).toBeVisible();
    menu = await openSideMenu(page);
    await expect(menu.getByRole('link', { name: t('common:menu.premier') })).toBeVisible();
    await expect(menu.getByRole('button', { name: t('common:menu.premiumed') })).toHaveCount(0);
  });
}
