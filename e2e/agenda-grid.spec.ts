import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { focused, skipToMain, tabTo, tabUntil } from './support/keyboard.ts';
import { createPatients, patientBody } from './support/patients.ts';
import { expect, test } from './support/test.ts';

test.use({ timezoneId: 'UTC' });

/** A Monday (a working day by default) two to three weeks ahead, as 'YYYY-MM-DD'. */
function comingMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14 + ((8 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A practitioner's week: Amina at 09:00 and Bruno at 10:00 on Monday, Amina on Tuesday at 11:00
 * and, outside the working hours, on Saturday at 10:00. Answers the ids.
 */
function bookWeek(page: Page, baseURL: string, monday: string) {
  const ids = { bruno: '', brunoAtTen: '' };
  const prepare = async ({ idToken }: { idToken: string }) => {
    const [amina, bruno] = await createPatients(page, baseURL, idToken, [
      patientBody('Amina Yusuf'),
      patientBody('Bruno Costa'),
    ]);
    const book = async (patientId: string, start: string, kind = 'in-person') => {
      const booked = await page.request.post(`${baseURL}/api/appointments`, {
        headers: { authorization: `Bearer ${idToken}` },
        data: { patientId, start, duration: 30, kind },
      });
      expect(booked.status()).toBe(201);
      return ((await booked.json()) as { _id: string })._id;
    };
    await book(amina!, `${monday}T09:00:00.000Z`);
    ids.brunoAtTen = await book(bruno!, `${monday}T10:00:00.000Z`, 'video');
    await book(amina!, `${addDays(monday, 1)}T11:00:00.000Z`);
    await book(amina!, `${addDays(monday, 5)}T10:00:00.000Z`, 'phone');
    ids.bruno = bruno!;
  };
  return { ids, prepare };
}

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('practitioner works the week grid by keyboard: menu, arrived, Start visit; compact at 360 px; Arabic', async ({
  page,
  baseURL,
}, testInfo) => {
  const monday = comingMonday();
  await page.setViewportSize({ width: 1280, height: 900 });
  const week = bookWeek(page, baseURL!, monday);
  const { t, main } = await openAs(page, baseURL!, 'en', `/appointments?date=${monday}`, {
    prepare: week.prepare,
  });
  await expect(main.getByRole('link', { name: /Bruno Costa/ })).toBeVisible();

  // The week, by keyboard; the address keeps it.
  await skipToMain(page, t('common:skipToContent'));
  await tabTo(page, t('appointments:agenda.week'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/appointments\\?view=week&date=${monday}$`));
  const saturday = main.getByRole('region', { name: /^Saturday/ });
  await expect(saturday.getByText(t('appointments:form.outside'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('agenda-week-en-1280.png'), fullPage: true });

  // Tab meets the appointments in time order; Bruno's at 10:00 comes after Amina's at 09:00.
  const bruno = main.getByRole('listitem').filter({ hasText: 'Bruno Costa' });
  const chartLink = bruno.getByRole('link', { name: /Bruno Costa/ });
  await tabUntil(page, chartLink);
  await expect(chartLink).toHaveAccessibleName(/^10:00.*Bruno Costa ?, Video ?, Booked$/);

  const menuButton = bruno.getByRole('button', { name: t('appointments:agenda.actions') });
  await tabUntil(page, menuButton, { limit: 3 });
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  expect((await focused(page)).text).toBe(t('appointments:actions.arrived'));
  await page.keyboard.press('Enter');
  await expect(bruno).toContainText(t('appointments:statuses.arrived'));
  await expect(bruno.locator('p[id^="appointment-"]')).toBeFocused();

  await tabTo(page, t('appointments:agenda.startVisit'), { limit: 3 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/records/patients/${week.ids.bruno}\\?startVisit=${week.ids.brunoAtTen}#visits$`),
  );

  // Back returns to the same week.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/appointments\\?view=week&date=${monday}$`));
  await expect(main.getByRole('link', { name: /Bruno Costa/ })).toBeVisible();

  // A phone: the same week as short lists, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(bruno).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  const height = await bruno.evaluate((item) => item.getBoundingClientRect().height);
  // One line-ish: the summary, then its two controls (a stack of four buttons before).
  expect(height).toBeLessThan(100);
  await page.screenshot({ path: testInfo.outputPath('agenda-week-en-360.png'), fullPage: true });

  // Arabic: the grid mirrors (Monday on the right), and axe finds nothing at either width. The
  // wide header holds the language select; a phone's keeps it behind a button.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('banner').getByLabel('Language', { exact: true }).selectOption('ar');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(main.getByRole('link', { name: /Bruno Costa/ })).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('agenda-week-ar-360.png'), fullPage: true });
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'week agenda, Arabic, 360 px' });
  await page.setViewportSize({ width: 1280, height: 900 });
  const days = main.getByRole('region');
  const [first, last] = await Promise.all([days.first().boundingBox(), days.nth(6).boundingBox()]);
  expect(first!.x).toBeGreaterThan(last!.x);
  await page.screenshot({ path: testInfo.outputPath('agenda-week-ar-1280.png'), fullPage: true });
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'week agenda, Arabic, 1280 px' });
});
