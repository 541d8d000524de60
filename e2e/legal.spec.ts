import { expectAxeClean, settleAnimations, WCAG_22_AA } from './support/axe.ts';
import { expect, test } from './support/test.ts';

test('a guest reaches the privacy and terms pages from the footer; both pass axe in English and Arabic', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'What we store',
    'Where it is kept',
    'How long it is kept',
    'Who can see it',
    'What a linked patient, parent or carer sees',
    'Messages',
    'What the directory publishes',
    'Video visits',
    'Taking your data with you',
    'Deleting your data',
  ]);
  await settleAnimations(page);
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'privacy, en' });

  await footer.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'terms, en' });

  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شروط الاستخدام');
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'terms, ar' });
  await page.getByRole('contentinfo').getByRole('link', { name: 'الخصوصية' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الخصوصية');
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'privacy, ar' });
});

test('the privacy page is prerendered: its text is in the HTML the server sends', async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get(`${baseURL}/privacy`)).text();
  expect(html).toContain('<h1 id="legal-title">Privacy</h1>');
});
