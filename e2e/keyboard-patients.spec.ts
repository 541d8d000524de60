import type { Page } from '@playwright/test';
import { focused, tabTo, tabUntil } from './support/keyboard.ts';
import { openRecordsAs, patientBody } from './support/patients.ts';
import { expect, test } from './support/test.ts';

/** Tab once; focus must be on the control labelled `label`, then `act` fills it. */
async function tabInto(page: Page, label: string, act: () => Promise<void>) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByLabel(label, { exact: true })).toBeFocused();
  await act();
}

test('keyboard: add a patient, every field in Tab order; focus on the list, the addition announced (ar)', async ({
  page,
  baseURL,
}) => {
  const { t, heard, main, listHeading } = await openRecordsAs(page, baseURL!, 'ar');
  await expect(main.getByText(t('records:list.empty'))).toBeVisible();
  await tabTo(page, t('records:add'));
  await page.keyboard.press('Enter');
  await expect(main.getByRole('heading', { name: t('records:form.addTitle') })).toBeFocused();

  const name = 'أمينة يوسف';
  // Text goes in as one input, as an input method would: typing key by key adds only time.
  const type = (words: string) => () => page.keyboard.insertText(words);
  // A closed select takes the next option on ArrowDown, without opening.
  const firstOption = () => page.keyboard.press('ArrowDown');
  await tabInto(page, t('records:fields.name'), type(name));
  await tabInto(page, t('records:fields.diagnosedWith'), type('ربو'));
  await tabInto(page, t('records:fields.address'), type('12 شارع الميناء'));
  await tabInto(page, t('records:fields.age'), type('42'));
  await tabInto(page, t('records:fields.bloodGroup'), firstOption);
  await tabInto(page, t('records:fields.gender'), firstOption);
  await tabInto(
    page,
    `${t('records:fields.email')} ${t('records:fields.optional')}`,
    async () => {},
  );
  await tabInto(page, t('records:fields.phone'), type('0123456789'));
  await tabInto(page, t('records:fields.emergencyPhone'), type('0987654321'));
  await tabInto(page, t('records:fields.hasChronicDiseases'), () => page.keyboard.press('Space'));
  await page.keyboard.press('Tab');
  expect((await focused(page)).text).toBe(t('records:form.create'));
  await page.keyboard.press('Enter');

  await expect(listHeading).toBeFocused();
  await expect(main.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect.poll(() => heard.includes(t('records:notices.created', { name }))).toBe(true);
});

test('keyboard: edit a patient from the list; focus back on the list, the update announced (fr)', async ({
  page,
  baseURL,
}) => {
  const name = 'Amélie Dupont';
  const { t, heard, main, listHeading } = await openRecordsAs(page, baseURL!, 'fr', [
    patientBody(name),
  ]);
  const row = main.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await tabTo(page, t('records:list.edit'));
  await page.keyboard.press('Enter');
  await expect(main.getByRole('heading', { name: t('records:form.editTitle') })).toBeFocused();
  await expect(main.getByLabel(t('records:fields.name'), { exact: true })).toHaveValue(name);

  await page.keyboard.press('Tab');
  await tabInto(page, t('records:fields.diagnosedWith'), async () => {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Bronchite');
  });
  // Enter in a text box submits the form.
  await page.keyboard.press('Enter');

  await expect(listHeading).toBeFocused();
  await expect(row).toContainText('Bronchite');
  await expect.poll(() => heard.includes(t('records:notices.updated', { name }))).toBe(true);
});

test('keyboard: search patients; the number found is announced, and a search that finds none (en)', async ({
  page,
  baseURL,
}) => {
  const { t, heard, main } = await openRecordsAs(page, baseURL!, 'en', [
    patientBody('Amina Yusuf'),
    patientBody('Amina Haddad'),
    patientBody('Bruno Costa'),
  ]);
  await expect(main.getByRole('listitem')).toHaveCount(3);
  const search = main.getByLabel(t('records:search.label'), { exact: true });
  await tabUntil(page, search);
  await page.keyboard.type('Amina');
  await expect(main.getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => heard.includes(t('records:search.found_other', { count: 2 }))).toBe(true);
  await expect(search).toBeFocused();

  await page.keyboard.type(' Yusuf');
  await expect.poll(() => heard.includes(t('records:search.found_one', { count: 1 }))).toBe(true);
  await page.keyboard.type('zz');
  await expect
    .poll(() => heard.includes(t('records:search.noMatch', { query: 'Amina Yusufzz' })))
    .toBe(true);
  await expect(search).toBeFocused();
});
