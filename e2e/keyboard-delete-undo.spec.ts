import type { Page } from '@playwright/test';
import { tabTo } from './support/keyboard.ts';
import { openRecordsAs, patientBody } from './support/patients.ts';
import { expect, test } from './support/test.ts';
import type { Language } from './support/texts.ts';

/** A signed-in reader of `language` with one patient, `name`, on /records. */
async function openRecordsWith(page: Page, baseURL: string, language: Language, name: string) {
  const records = await openRecordsAs(page, baseURL, language, [patientBody(name)]);
  const { t, main } = records;
  const row = main.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  const undo = main.getByRole('button', { name: t('records:notices.undo'), exact: true });
  return {
    ...records,
    row,
    undo,
    /** Tab to Delete, press it: the row goes and focus lands on Undo. */
    deleteFromKeyboard: async () => {
      await tabTo(page, t('records:list.delete'));
      await page.keyboard.press('Enter');
      await expect(undo).toBeFocused();
      await expect(row).toHaveCount(0);
    },
  };
}

test('keyboard: after a delete focus is on Undo; dismissing the notice leaves it on the list (de)', async ({
  page,
  baseURL,
}) => {
  const name = 'Amina Yusuf';
  const { t, heard, main, listHeading, undo, deleteFromKeyboard } = await openRecordsWith(
    page,
    baseURL!,
    'de',
    name,
  );
  await deleteFromKeyboard();
  await expect.poll(() => heard.includes(t('records:notices.deleted', { name }))).toBe(true);

  // One Tab to Dismiss; once dismissed, focus is on the list, not back at the page's start.
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: t('records:notices.dismiss') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(undo).toHaveCount(0);
  await expect(listHeading).toBeFocused();
});

test('keyboard: Undo where focus lands brings the patient back; the activity names the patient (zh-CN)', async ({
  page,
  baseURL,
}) => {
  const name = 'Amina Yusuf';
  const { t, heard, main, row, listHeading, deleteFromKeyboard } = await openRecordsWith(
    page,
    baseURL!,
    'zh-CN',
    name,
  );
  await deleteFromKeyboard();
  // At once, maybe before the server has finished the delete: it restores after it.
  await page.keyboard.press('Enter');
  await expect(row).toBeVisible();
  await expect(listHeading).toBeFocused();
  await expect.poll(() => heard.includes(t('records:notices.restored', { name }))).toBe(true);

  await tabTo(page, t('records:openActivity'), { backwards: true, limit: 5 });
  await page.keyboard.press('Enter');
  await expect(
    main.getByRole('heading', { name: t('records:activity.title'), exact: true }),
  ).toBeFocused();
  const table = main.getByRole('table');
  await expect(table.getByRole('cell', { name, exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: /^[0-9a-f]{8}$/ })).toHaveCount(0);
});
