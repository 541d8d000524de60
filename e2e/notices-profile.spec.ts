import path from 'node:path';
import { expectAxeClean } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { skipToMain, tabTo } from './support/keyboard.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * The profile's Notices by e-mail, end to end: reminder e-mails turned off by keyboard, the
 * saved state announced and kept by the API; then the section in Arabic (right to left), clean
 * for axe, at 1280 and 360 px. Screenshots in .test-results.
 */
test('notices: a practitioner turns reminder e-mails off by keyboard; the section in Arabic at 360 px', async ({
  page,
  baseURL,
}) => {
  const { t, main, session, heard } = await openAs(page, baseURL!, 'en', '/userProfile', {
    name: 'Dr Lena Brandt',
  });
  const notices = main.getByRole('region', { name: t('notices:title') });
  await expect(notices.getByText(t('notices:fields.appointment-reminders'))).toBeVisible();
  await skipToMain(page, t('common:skipToContent'));

  await tabTo(page, t('notices:edit'));
  await page.keyboard.press('Enter');
  const reminders = notices.getByRole('checkbox', {
    name: t('notices:fields.appointment-reminders'),
  });
  await expect(reminders).toBeFocused();
  await expect(reminders).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 900 });
  await notices.screenshot({ path: path.join(RESULTS_DIR, 'notices-form-en-1280.png') });
  await page.keyboard.press('Space');
  await expect(reminders).not.toBeChecked();
  await tabTo(page, t('notices:save.button'));
  await page.keyboard.press('Enter');

  await expect(notices.getByRole('button', { name: t('notices:edit') })).toBeFocused();
  await expect.poll(() => heard.includes(t('notices:save.saved'))).toBe(true);
  const reminderRow = notices
    .locator('dl div')
    .filter({ has: page.getByText(t('notices:fields.appointment-reminders'), { exact: true }) });
  await expect(reminderRow.locator('dd')).toHaveText(t('notices:off'));
  const saved = await page.request.get(`${baseURL}/api/user/notice-preferences`, {
    headers: { authorization: `Bearer ${session!.idToken}` },
  });
  expect(await saved.json()).toEqual({
    'appointment-reminders': false,
    'link-notices': true,
    'patient-appointment-reminders': true,
    'correction-notices': true,
    'message-notices': true,
    'medicine-notices': true,
  });
  await notices.screenshot({ path: path.join(RESULTS_DIR, 'notices-view-en-1280.png') });
  await page.setViewportSize({ width: 360, height: 800 });
  await notices.getByRole('button', { name: t('notices:edit') }).click();
  await notices.screenshot({ path: path.join(RESULTS_DIR, 'notices-form-en-360.png') });

  // Arabic, right to left: the section and its form, clean for axe.
  await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/userProfile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = main.getByRole('region', { name: 'الإشعارات بالبريد الإلكتروني' });
  await expect(arabic.getByText('متوقف')).toBeVisible();
  await arabic.getByRole('button', { name: 'تعديل الإشعارات' }).click();
  await expect(arabic.getByRole('checkbox', { name: 'التذكيرات' })).not.toBeChecked();
  await expectAxeClean(page, { include: 'main', label: 'notices, Arabic' });
  await arabic.screenshot({ path: path.join(RESULTS_DIR, 'notices-form-ar-1280.png') });
  await page.setViewportSize({ width: 360, height: 800 });
  await arabic.screenshot({ path: path.join(RESULTS_DIR, 'notices-form-ar-360.png') });
});
