import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { expect, test } from './support/test.ts';

/**
 * The directory's public pages in English and Arabic, on a phone and a wide screen: axe finds
 * nothing, nothing scrolls sideways. Other journeys list practitioners at the same time, so the
 * directory's answers here are the test's own.
 */
const DOCTOR_ID = '5d0f3c1e-8a7b-4c2d-9e1f-0000000000e2';
const FACILITY = {
  _id: '9b2e7c4a-1d3f-4a5b-8c6d-0000000000e2',
  kind: 'hospital',
  name: 'Hospital de Santa Maria Maior e Universitário',
  address: 'Avenida Professor Egas Moniz\n1649-035',
  city: 'Lisboa',
  country: 'PT',
  phone: '+351217805000',
  coordinates: { lat: 38.7496, lng: -9.1606 },
};
const CARD = {
  publicId: DOCTOR_ID,
  name: 'Dr. Maria Leonor Albuquerque-Vasconcelos',
  picture: null,
  specialties: ['394579002', '394591006'],
  languages: ['pt', 'en', 'ar'],
  bio: 'Heart and brain health for adults, in Portuguese, English and Arabic.',
  visitKinds: ['in-person', 'video', 'phone'],
  onlineBooking: 'request',
  facility: FACILITY,
  city: 'Lisboa',
  country: 'PT',
};

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Two free times a day, at 09:00 and 09:30 UTC, from `from` (today by default) for 7 days. */
function weekFrom(from: string) {
  const days = Array.from({ length: 7 }, (_, index) => dayAfter(from, index));
  return {
    timeZone: 'UTC',
    duration: 30,
    days: days.map((date) => ({
      date,
      slots: ['09:00', '09:30'].map((time) => ({
        start: `${date}T${time}:00.000Z`,
        end: `${date}T${time === '09:00' ? '09:30' : '10:00'}:00.000Z`,
        localTime: time,
      })),
    })),
  };
}

async function answerDirectory(page: Page) {
  const tomorrow = dayAfter(new Date().toISOString().slice(0, 10), 1);
  await page.route(
    (url) => url.pathname.startsWith('/api/directory/'),
    (route) => {
      const url = new URL(route.request().url());
      const path = url.pathname.replace('/api/directory', '');
      const headers = { 'X-Total-Count': '1' };
      if (path === '/doctors')
        return route.fulfill({
          headers,
          json: [{ ...CARD, timeZone: 'UTC', nextSlots: weekFrom(tomorrow).days[0]!.slots }],
        });
      if (path === `/doctors/${DOCTOR_ID}`) return route.fulfill({ json: CARD });
      if (path === `/doctors/${DOCTOR_ID}/slots`)
        return route.fulfill({
          json: weekFrom(url.searchParams.get('from') ?? new Date().toISOString().slice(0, 10)),
        });
      if (path === '/facilities') return route.fulfill({ headers, json: [FACILITY] });
      if (path === `/facilities/${FACILITY._id}`)
        return route.fulfill({ json: { ...FACILITY, doctors: [CARD] } });
      return route.continue();
    },
  );
}

async function expectCleanAndFitting(page: Page, label: string) {
  // From the top: a control scrolled under the sticky header would count as too small a target.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAxeClean(page, { tags: WCAG_22_AA, label });
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, `${label}: page width`).toBeLessThanOrEqual(clientWidth);
}

for (const language of ['en', 'ar'] as const)
  for (const width of [360, 1280])
    test(`the directory's pages pass axe and fit the screen (${language}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript((code) => localStorage.setItem('lang', code), language);
      await answerDirectory(page);

      await page.goto('/find-doctor?q=cardio');
      await expect(page.locator('main article')).toHaveCount(1);
      await expect(page.locator('main article').getByRole('link')).toHaveCount(4);
      await expectCleanAndFitting(page, `${language} ${width} find a doctor`);

      await page.locator('main article h3 a').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(CARD.name);
      await expect(page.getByRole('button', { name: '09:30' }).first()).toBeVisible();
      await expectCleanAndFitting(page, `${language} ${width} a doctor's week`);

      await page.goto('/find-hospital');
      const card = page.locator('main article');
      await card.locator('button[aria-expanded]').click();
      await expect(card.getByRole('link', { name: CARD.name })).toBeVisible();
      await expectCleanAndFitting(page, `${language} ${width} find a hospital`);
      await context.close();
    });
