import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { skipToMain, tabUntil } from './support/keyboard.ts';
import { createPatients, patientBody } from './support/patients.ts';
import type { SignedInUser } from './support/session.ts';
import { expect, test } from './support/test.ts';
import type { Language } from './support/texts.ts';
import type { Page } from '@playwright/test';

/** Today as a new practitioner's clock reads it: the profile's default zone is UTC. */
const todayAt = (time: string) => `${new Date().toISOString().slice(0, 10)}T${time}:00.000Z`;

/** Amina at 09:00 and Bruno at 14:00 today, booked in the other order. */
async function seedToday(page: Page, baseURL: string, { idToken }: SignedInUser) {
  const [amina, bruno] = await createPatients(page, baseURL, idToken, [
    patientBody('Amina Yusuf'),
    patientBody('Bruno Costa'),
  ]);
  for (const [patientId, start] of [
    [bruno, todayAt('14:00')],
    [amina, todayAt('09:00')],
  ] as const) {
    const booked = await page.request.post(`${baseURL}/api/appointments`, {
      headers: { authorization: `Bearer ${idToken}` },
      data: { patientId, start, duration: 30, kind: 'in-person' },
    });
    expect(booked.status()).toBe(201);
  }
  return { amina: amina! };
}

async function openStartPage(page: Page, baseURL: string, language: Language) {
  let seeded: { amina: string } | undefined;
  const opened = await openAs(page, baseURL, language, '/records', {
    prepare: async (session) => void (seeded = await seedToday(page, baseURL, session)),
  });
  const today = opened.main.getByRole('region', { name: opened.t('start:appointments.title') });
  return { ...opened, today, amina: seeded!.amina };
}

test('keyboard: the start page lists today’s appointments and opens the first patient’s chart (en)', async ({
  page,
  baseURL,
}) => {
  const { t, main, today, amina } = await openStartPage(page, baseURL!, 'en');
  await expect(main.locator('h1')).toHaveText(t('records:heading'));
  const items = today.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Amina Yusuf');
  await expect(items.nth(1)).toContainText('Bruno Costa');

  // From the top of main, the first appointment's patient is among the first Tab stops.
  await skipToMain(page, t('common:skipToContent'));
  const first = today.getByRole('link', { name: 'Amina Yusuf' });
  await tabUntil(page, first, { limit: 3 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/records/patients/${amina}$`));
});

test('on a phone, in Arabic, the first appointment is above the fold, right to left, clean for axe (ar)', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { t, main, today } = await openStartPage(page, baseURL!, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(today.getByRole('listitem')).toHaveCount(2);
  const first = today.getByRole('link', { name: 'Amina Yusuf' });
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(740);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await expect(
    main.getByRole('region', { name: t('start:activities.title') }).getByRole('link', {
      name: t('start:activities.premier'),
    }),
  ).toBeVisible();
  await expect(main.getByRole('heading', { name: t('records:list.title') })).toBeVisible();
  await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'start page, ar' });
});
