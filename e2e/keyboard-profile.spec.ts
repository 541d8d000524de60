import { openAs } from './support/journey.ts';
import { skipToMain, tabTo } from './support/keyboard.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES } from './support/texts.ts';

for (const language of KEYBOARD_LANGUAGES) {
  test(`keyboard: edit the profile, fix the error from the summary, save (${language})`, async ({
    page,
    baseURL,
  }) => {
    const { t, heard, main } = await openAs(page, baseURL!, language, '/userProfile', {
      name: 'Dr. Clavier',
    });
    await expect(page.locator('main h1')).toHaveText(t('profile:title'));
    // The name shows in the personal information (and again in the public listing's preview).
    const personal = main.getByRole('region', { name: t('profile:section') });
    await expect(personal.getByText('Dr. Clavier', { exact: true })).toBeVisible();
    await skipToMain(page, t('common:skipToContent'));

    await tabTo(page, t('profile:edit'));
    await page.keyboard.press('Enter');
    const name = main.getByLabel(t('profile:fields.name'), { exact: true });
    await expect(name).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await expect(name).toHaveValue('');

    // Save stays in the Tab order; pressing it moves focus to one summary of the problems.
    await tabTo(page, t('profile:save.button'));
    await page.keyboard.press('Enter');
    const summary = main.getByRole('group', { name: t('common:form.summary', { count: 1 }) });
    await expect(summary).toBeFocused();
    // Its line leads to the field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.insertText('Dr. Clavier Nouveau');
    await page.keyboard.press('Enter');

    // Saved: back in the read view, focus on the toggle that opened the form, announced.
    await expect(main.getByRole('button', { name: t('profile:edit'), exact: true })).toBeFocused();
    await expect(personal.getByText('Dr. Clavier Nouveau', { exact: true })).toBeVisible();
    await expect.poll(() => heard.includes(t('profile:save.saved'))).toBe(true);
  });
}
