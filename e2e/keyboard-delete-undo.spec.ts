import type { Page } from '@playwright/test';
import { recordAnnouncements, tabTo } from './support/keyboard.ts';
import { signInAs } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { text, type Language } from './support/texts.ts';

function patientBody(name: string) {
  return {
    name,
    diagnosedWith: 'Asthma',
    address: '12 Harbour Road',
    age: 42,
    bloodGroup: 'O+',
    gender: 'Female',
    phone: '0123456789',
    emergencyContact: { phone: '0987654321' },
    hasChronicDiseases: false,
  };
}

/** A signed-in reader of `language` with one patient, `name`, on /records. */
async function openRecordsWith(page: Page, baseURL: string, language: Language, name: string) {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const { idToken } = await signInAs(page, baseURL);
  const created = await page.request.post(`${baseURL}/api/records/patients`, {
    headers: { authorization: `Bearer ${idToken}` },
    data: patientBody(name),
  });
  expect(created.status()).toBe(201);
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  const heard = await recordAnnouncements(page);
  await page.goto('/records');
  const main = page.getByRole('main');
  const row = main.getByRole('listitem').filter({ hasText: name });
  await expect(page.locator('main h1')).toHaveText(t('records:heading'));
  await expect(row).toBeVisible();
  const undo = main.getByRole('button', { name: t('records:notices.undo'), exact: true });
  return {
    t,
    heard,
    main,
    row,
    listHeading: main.getByRole('heading', { name: t('records:list.title'), exact: true }),
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
