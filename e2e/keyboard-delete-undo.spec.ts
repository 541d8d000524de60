import { tabTo } from './support/keyboard.ts';
import { openRecordsAs, patientBody } from './support/patients.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES } from './support/texts.ts';

for (const language of KEYBOARD_LANGUAGES) {
  test(`keyboard: after a delete focus is on Undo, which brings the patient back; Dismiss leaves focus on the list; the activity names the patient (${language})`, async ({
    page,
    baseURL,
  }) => {
    const name = 'Amina Yusuf';
    const { t, heard, main, listHeading } = await openRecordsAs(page, baseURL!, language, [
      patientBody(name),
    ]);
    const row = main.getByRole('listitem').filter({ hasText: name });
    await expect(row).toBeVisible();
    const undo = main.getByRole('button', { name: t('records:notices.undo'), exact: true });
    /** Tab to Delete, press it: the row goes and focus lands on Undo. */
    const deleteFromKeyboard = async () => {
      await tabTo(page, t('records:list.delete'));
      await page.keyboard.press('Enter');
      await expect(undo).toBeFocused();
      await expect(row).toHaveCount(0);
      await expect.poll(() => heard.includes(t('records:notices.deleted', { name }))).toBe(true);
    };

    await deleteFromKeyboard();
    // At once, maybe before the server has finished the delete: it restores after it.
    await page.keyboard.press('Enter');
    await expect(row).toBeVisible();
    await expect(listHeading).toBeFocused();
    await expect.poll(() => heard.includes(t('records:notices.restored', { name }))).toBe(true);

    // Deleted again; one Tab to Dismiss; once dismissed, focus is on the list, not back at
    // the page's start.
    await deleteFromKeyboard();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('button', { name: t('records:notices.dismiss') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(undo).toHaveCount(0);
    await expect(listHeading).toBeFocused();

    await tabTo(page, t('records:openActivity'), { backwards: true, limit: 5 });
    await page.keyboard.press('Enter');
    await expect(
      main.getByRole('heading', { name: t('records:activity.title'), exact: true }),
    ).toBeFocused();
    const table = main.getByRole('table');
    await expect(table.getByRole('cell', { name, exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: /^[0-9a-f]{8}$/ })).toHaveCount(0);
  });
}
