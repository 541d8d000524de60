import type { Page } from '@playwright/test';
import { focused, tabTo, tabUntil } from './support/keyboard.ts';
import { openRecordsAs, patientBody } from './support/patients.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES } from './support/texts.ts';

/** Tab once; focus must be on the control labelled `label`, then `act` fills it. */
async function tabInto(page: Page, label: string, act: () => Promise<void>) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByLabel(label, { exact: true })).toBeFocused();
  await act();
}

/** A patient's name as each language's reader might write it. */
const NAMES = {
  en: 'Amina Yusuf',
  ar: 'أمينة يوسف',
  fr: 'Amélie Dupont',
  de: 'Jürgen Weiß',
  'zh-CN': '王小明',
} as const;

for (const language of KEYBOARD_LANGUAGES) {
  test(`keyboard: an empty New patient names its problems in one summary; then every field in Tab order; focus on the new chart, the addition announced (${language})`, async ({
    page,
    baseURL,
  }) => {
    const { t, heard, main } = await openRecordsAs(page, baseURL!, language);
    await expect(main.getByText(t('records:list.empty'))).toBeVisible();
    await tabTo(page, t('records:add'));
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: t('records:form.addTitle') })).toBeFocused();

    // Submitted empty: one summary takes focus, no alert per field.
    await tabTo(page, t('records:form.create'));
    await page.keyboard.press('Enter');
    const summary = main.getByRole('group', { name: t('common:form.summary', { count: 8 }) });
    await expect(summary).toBeFocused();
    await expect(page.locator('main [role="alert"]:not(:empty)')).toHaveCount(0);
    const phoneLabel = t('records:fields.phone');
    await expect(main.getByLabel(phoneLabel, { exact: true })).toHaveAccessibleDescription(
      `${t('common:form.phoneHint')} ${t('common:fieldMessages.patient.phoneRequired')}`,
    );

    // From the summary on, each field in turn.
    const name = NAMES[language];
    // Text goes in as one input, as an input method would: typing key by key adds only time.
    const type = (words: string) => () => page.keyboard.insertText(words);
    // A closed select takes the next option on ArrowDown, without opening.
    const firstOption = () => page.keyboard.press('ArrowDown');
    await tabUntil(page, main.getByLabel(t('records:fields.name'), { exact: true }), {
      limit: 12,
    });
    await page.keyboard.insertText(name);
    await tabInto(page, t('records:fields.diagnosedWith'), type('Asthma'));
    await tabInto(page, t('records:fields.address'), type('12 Harbour Road'));
    await tabInto(page, t('records:fields.age'), type('42'));
    // The optional date of birth: Chromium's date box takes a Tab per part of the date.
    await tabUntil(page, main.getByLabel(t('records:fields.bloodGroup'), { exact: true }), {
      limit: 5,
    });
    await firstOption();
    await tabInto(page, t('records:fields.gender'), firstOption);
    await tabInto(
      page,
      `${t('records:fields.email')} ${t('records:fields.optional')}`,
      async () => {},
    );
    await tabInto(page, phoneLabel, type('0123456789'));
    await tabInto(page, t('records:fields.emergencyPhone'), type('0987654321'));
    await tabInto(page, t('records:fields.hasChronicDiseases'), () => page.keyboard.press('Space'));
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe(t('records:form.create'));
    await page.keyboard.press('Enter');

    // The new patient's chart, at its own address, focus on their name.
    await expect(page).toHaveURL(/\/records\/patients\/[^/?#]+$/);
    await expect(main.getByRole('heading', { level: 1, name })).toBeFocused();
    await expect.poll(() => heard.includes(t('records:notices.created', { name }))).toBe(true);
  });

  test(`keyboard: search patients, the number found announced, none, at most 100 characters; edit the one found, focus back on the list, the update announced (${language})`, async ({
    page,
    baseURL,
  }) => {
    const { t, heard, main, listHeading } = await openRecordsAs(page, baseURL!, language, [
      patientBody('Amina Yusuf'),
      patientBody('Amina Haddad'),
      patientBody('Bruno Costa'),
    ]);
    await expect(main.getByRole('listitem')).toHaveCount(3);
    const search = main.getByLabel(t('records:search.label'), { exact: true });
    await tabUntil(page, search);
    await page.keyboard.type('Amina');
    await expect(main.getByRole('listitem')).toHaveCount(2);
    await expect.poll(() => heard.includes(t('records:search.found', { count: 2 }))).toBe(true);
    await expect(search).toBeFocused();

    await page.keyboard.type(' Yusuf');
    await expect.poll(() => heard.includes(t('records:search.found', { count: 1 }))).toBe(true);
    await page.keyboard.type('zz');
    await expect
      .poll(() => heard.includes(t('records:search.noMatch', { query: 'Amina Yusufzz' })))
      .toBe(true);
    await expect(search).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('x'.repeat(150));
    await expect(search).toHaveValue('x'.repeat(100));

    // The one found is edited from the list.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('Bruno');
    const row = main.getByRole('listitem').filter({ hasText: 'Bruno Costa' });
    await expect(main.getByRole('listitem')).toHaveCount(1);
    await tabTo(page, t('records:list.edit'));
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: t('records:form.editTitle') })).toBeFocused();
    await expect(main.getByLabel(t('records:fields.name'), { exact: true })).toHaveValue(
      'Bruno Costa',
    );
    await page.keyboard.press('Tab');
    await tabInto(page, t('records:fields.diagnosedWith'), async () => {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText('Bronchitis');
    });
    // Enter in a text box submits the form.
    await page.keyboard.press('Enter');

    await expect(listHeading).toBeFocused();
    await expect(row).toContainText('Bronchitis');
    await expect
      .poll(() => heard.includes(t('records:notices.updated', { name: 'Bruno Costa' })))
      .toBe(true);
  });
}
