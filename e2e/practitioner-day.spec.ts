import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { focused, skipToMain, tabTo, tabUntil } from './support/keyboard.ts';
import { createPatients, patientBody } from './support/patients.ts';
import type { SignedInUser } from './support/session.ts';
import { expect, test } from './support/test.ts';

// A new practitioner's profile keeps UTC: the browser reads the same clock.
test.use({ timezoneId: 'UTC' });

const today = () => new Date().toISOString().slice(0, 10);

/** Amina at 09:00 and Bruno at 10:00 today; answers Bruno's patient and appointment ids. */
async function bookToday(page: Page, baseURL: string, { idToken }: SignedInUser) {
  const [amina, bruno] = await createPatients(page, baseURL, idToken, [
    patientBody('Amina Yusuf'),
    patientBody('Bruno Costa'),
  ]);
  const book = async (patientId: string, time: string) => {
    const booked = await page.request.post(`${baseURL}/api/appointments`, {
      headers: { authorization: `Bearer ${idToken}` },
      data: { patientId, start: `${today()}T${time}:00.000Z`, duration: 30, kind: 'in-person' },
    });
    expect(booked.status()).toBe(201);
    return ((await booked.json()) as { _id: string })._id;
  };
  await book(amina!, '09:00');
  return { bruno: bruno!, brunoAtTen: await book(bruno!, '10:00') };
}

/**
 * The practitioner's day in the order a doctor works it, by keyboard: the start page, the week
 * grid, the 10:00 appointment's chart at its own address, the visit started from the
 * appointment and signed, Back to the grid where the appointment is now fulfilled.
 */
test('keyboard: start page → week grid → chart → visit signed → Back: the appointment is fulfilled (en)', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  let ids = { bruno: '', brunoAtTen: '' };
  const { t, main } = await openAs(page, baseURL!, 'en', '/records', {
    prepare: async (session) => void (ids = await bookToday(page, baseURL!, session)),
  });

  // The start page: today's appointments, on to the agenda.
  const day = main.getByRole('region', { name: t('start:appointments.title') });
  await expect(day.getByRole('listitem')).toHaveCount(2);
  await skipToMain(page, t('common:skipToContent'));
  await tabTo(page, t('start:appointments.agenda'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/appointments(\?|$)/);

  // The week grid; the 10:00 appointment starts its visit.
  await tabTo(page, t('appointments:agenda.week'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=week/);
  const weekUrl = page.url();
  const appointment = main.getByRole('listitem').filter({ hasText: 'Bruno Costa' });
  const chartLink = appointment.getByRole('link', { name: /Bruno Costa/ });
  await tabUntil(page, chartLink);
  await expect(chartLink).toHaveAccessibleName(/^10:00.*Bruno Costa/);
  await tabTo(page, t('appointments:agenda.startVisit'), { limit: 3 });
  await page.keyboard.press('Enter');

  // The chart at its address, the visit form open for the appointment, focus on its heading.
  await expect(page).toHaveURL(new RegExp(`/records/patients/${ids.bruno}#visits$`));
  const visits = main.getByRole('region', { name: t('visits:title'), exact: true });
  const form = visits.getByRole('form', { name: t('visits:form.label') });
  await expect(form.getByRole('heading')).toBeFocused();
  await tabUntil(page, form.getByLabel(`${t('visits:form.reason')} ${t('visits:form.optional')}`));
  await page.keyboard.insertText('Follow-up of blood pressure');
  await tabTo(page, t('visits:form.save'));
  await page.keyboard.press('Enter');
  const visit = visits.getByRole('listitem').filter({ hasText: 'Follow-up of blood pressure' });
  await expect(visit.getByRole('heading')).toBeFocused();
  await tabTo(page, t('visits:item.sign'));
  await page.keyboard.press('Enter');
  expect((await focused(page)).text).toBe(t('visits:sign.confirm'));
  await page.keyboard.press('Enter');
  await expect(visits.getByRole('status')).toHaveText(t('visits:announce.signed'));
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'chart after the signed visit' });

  // Back to the grid: the appointment the visit closed reads fulfilled.
  await page.goBack();
  await expect(page).toHaveURL(weekUrl);
  await expect(appointment.getByRole('link', { name: /Bruno Costa/ })).toHaveAccessibleName(
    new RegExp(t('appointments:statuses.fulfilled')),
  );
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'week grid after the visit' });
});
