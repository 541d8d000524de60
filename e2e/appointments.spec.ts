import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { readCalendarEvents } from '../apps/api/test/calendar-events.ts';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { patientBody } from './support/patients.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';

/** A Monday with the default working hours (09:00–17:00), far enough ahead to be bookable. */
const DAY = '2027-03-01';
/** The practitioner's zone; the browser runs in another, so the screens must use the profile's. */
const PRACTITIONER_ZONE = 'Europe/Berlin';
const BROWSER_ZONE = 'America/New_York';

const TEXT = {
  en: {
    bookTitle: 'Book Appointment',
    findPatient: 'Find a patient',
    time: 'Time',
    video: 'Video',
    submit: 'Book appointment',
    booked: 'Appointment booked',
    bookedWhen: /Monday, March 1, 2027 at 9:00\sAM/,
    openAgenda: 'Open the agenda',
    week: 'Week',
    monday: /^Monday, March 1, 2027/,
    actions: 'Actions',
    reschedule: 'Reschedule',
    anotherTime: 'Another time',
    startTime: 'Start time',
    saveTime: 'Save new time',
    conflict:
      /^This time overlaps the appointment with \u2068Bruno Costa\u2069 on Monday, March 1, 2027 at 10:00\sAM \(until 10:30\sAM\)\. Choose another time\.$/,
    movedTime: /11:00/,
    cancel: 'Cancel appointment',
    confirmCancel: 'Yes, cancel it',
    cancelled: 'Cancelled',
    markArrived: 'Mark arrived',
    arrived: 'Arrived',
    markFulfilled: 'Mark fulfilled',
    fulfilled: 'Fulfilled',
    feedOn: 'Turn on the calendar feed',
    feedUrl: 'Your private calendar address',
  },
  ar: {
    bookTitle: 'حجز موعد',
    findPatient: 'ابحث عن مريض',
    time: 'الوقت',
    video: 'مكالمة فيديو',
    submit: 'احجز الموعد',
    booked: 'تم حجز الموعد',
    bookedWhen: /الاثنين/,
    openAgenda: 'افتح جدول المواعيد',
    week: 'أسبوع',
    monday: /^الاثنين/,
    actions: 'الإجراءات',
    reschedule: 'تغيير الموعد',
    anotherTime: 'وقت آخر',
    startTime: 'وقت البدء',
    saveTime: 'احفظ الوقت الجديد',
    conflict: /^هذا الوقت يتداخل مع موعد \u2068Bruno Costa\u2069 يوم الاثنين.*اختر وقتًا آخر\.$/,
    movedTime: /١١:٠٠|11:00/,
    cancel: 'إلغاء الموعد',
    confirmCancel: 'نعم، ألغِه',
    cancelled: 'ملغى',
    markArrived: 'تسجيل الوصول',
    arrived: 'وصل',
    markFulfilled: 'تسجيل الإتمام',
    fulfilled: 'تمّ',
    feedOn: 'فعّل موجز التقويم',
    feedUrl: 'عنوان تقويمك الخاص',
  },
} as const;

type Language = keyof typeof TEXT;

async function api(
  request: APIRequestContext,
  idToken: string,
  method: 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${idToken}` },
    data,
  });
  expect(response.ok(), `${method} ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as { _id: string };
}

/** A signed-in practitioner in Berlin with two patients. */
async function practitioner(page: Page, baseURL: string, label: string) {
  const { idToken } = await signInAs(page, baseURL, {
    email: uniqueEmail(label),
    name: 'Dr. Agenda',
  });
  await api(page.request, idToken, 'PUT', `${baseURL}/api/user/schedule`, {
    timeZone: PRACTITIONER_ZONE,
  });
  const patient = (name: string, phone: string) =>
    api(page.request, idToken, 'POST', `${baseURL}/api/records/patients`, {
      ...patientBody(name),
      phone,
    });
  const bruno = await patient('Bruno Costa', '5550001111');
  const amina = await patient('Amina Yusuf', '5550002222');
  return { idToken, bruno, amina };
}

/** The feed's events as an independent parser (ical.js) reads them, and whether each has an alarm. */
function parseFeed(body: string) {
  return readCalendarEvents(body, (vevent) => ({
    hasAlarm: vevent.getFirstSubcomponent('valarm') !== null,
  }));
}

/** A browser on the practitioner's other clock (New York), reading `language`. */
async function browserIn(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ baseURL, timezoneId: BROWSER_ZONE });
  const page = await context.newPage();
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  return { text: TEXT[language], context, page };
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`practitioner books through the form and sees it in the week (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const { text, context, page } = await browserIn(browser, baseURL!, language);
    await practitioner(page, baseURL!, `appointments-${language}`);

    // Book: patient, a free time on the day, video, reason.
    await page.goto(`/book-appointment?date=${DAY}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: text.bookTitle })).toBeVisible();
    await page.getByLabel(text.findPatient).fill('Amina');
    await page.getByRole('radio', { name: /^Amina Yusuf/ }).check();
    const times = page.getByRole('group', { name: text.time });
    await times.getByRole('radio').first().check();
    await page.getByRole('radio', { name: text.video }).check();
    await expectAxeClean(page, { tags: WCAG_22_AA, label: `booking form, ${language}` });
    await page.getByRole('button', { name: text.submit }).click();
    const booked = page.getByRole('heading', { name: text.booked });
    await expect(booked).toBeFocused();
    await expect(page.getByRole('region', { name: text.booked })).toContainText(text.bookedWhen);

    // The week shows it, on the practitioner's clock.
    await page.getByRole('link', { name: text.openAgenda }).click();
    await page.getByRole('button', { name: text.week }).click();
    const monday = page.getByRole('region', { name: text.monday });
    await expect(monday.getByRole('listitem').filter({ hasText: 'Amina Yusuf' })).toBeVisible();

    await context.close();
  });

  test(`on the week agenda the practitioner reschedules past a conflict, cancels, marks arrived and fulfilled (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const { text, context, page } = await browserIn(browser, baseURL!, language);
    const {
      idToken,
      bruno,
      amina: aminaPatient,
    } = await practitioner(page, baseURL!, `agenda-${language}`);
    // Amina's video call at 09:00 Berlin, as the form above books it.
    await api(page.request, idToken, 'POST', `${baseURL}/api/appointments`, {
      patientId: aminaPatient._id,
      start: `${DAY}T08:00:00.000Z`,
      duration: 30,
      kind: 'video',
    });
    await page.goto(`/appointments?view=week&date=${DAY}`);
    const monday = page.getByRole('region', { name: text.monday });
    await expect(monday.getByRole('listitem').filter({ hasText: 'Amina Yusuf' })).toBeVisible();

    // Another practitioner's booking came in meanwhile (through the API): 10:00 Berlin.
    await api(page.request, idToken, 'POST', `${baseURL}/api/appointments`, {
      patientId: bruno._id,
      start: `${DAY}T09:00:00.000Z`,
      duration: 30,
      kind: 'in-person',
    });
    await page.reload();
    const amina = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Amina Yusuf' });
    const brunoItem = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'Bruno Costa' });
    await expect(brunoItem).toBeVisible();

    // Every action is in the appointment's one menu; a short card shows it when pointed at.
    const choose = async (item: typeof amina, name: string) => {
      await item.hover();
      await item.getByRole('button', { name: text.actions }).click();
      await item.getByRole('button', { name }).click();
    };

    // Reschedule onto Bruno's time: the clash is named; then a free time moves it.
    await choose(amina, text.reschedule);
    await amina.getByRole('radio', { name: text.anotherTime }).check();
    await amina.getByLabel(text.startTime).fill('10:00');
    await amina.getByRole('button', { name: text.saveTime }).click();
    await expect(amina.getByRole('alert')).toHaveText(text.conflict);
    await amina.getByLabel(text.startTime).fill('11:00');
    await amina.getByRole('button', { name: text.saveTime }).click();
    await expect(amina.getByRole('form')).toBeHidden();
    await expect(amina.locator('p').first()).toContainText(text.movedTime);
    await expect(amina.locator('p').first()).toBeFocused();

    // Cancel Bruno's, after the question.
    await choose(brunoItem, text.cancel);
    await brunoItem.getByRole('button', { name: text.confirmCancel }).click();
    await expect(brunoItem).toContainText(text.cancelled);
    await expect(brunoItem.getByRole('button')).toHaveCount(0);

    // Amina arrives and is seen; the keyboard stays on her appointment.
    await choose(amina, text.markArrived);
    await expect(amina).toContainText(text.arrived);
    await expect(amina.locator('p').first()).toBeFocused();
    await choose(amina, text.markFulfilled);
    await expect(amina).toContainText(text.fulfilled);
    await expect(page.locator('#announcer')).toContainText('Amina Yusuf');

    await expectAxeClean(page, { tags: WCAG_22_AA, label: `week agenda, ${language}` });

    await context.close();
  });
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`practitioner turns on the calendar feed and a calendar app reads the agenda from it (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const { text, context, page } = await browserIn(browser, baseURL!, language);
    const { idToken, bruno, amina } = await practitioner(page, baseURL!, `feed-${language}`);
    const appointments = `${baseURL}/api/appointments`;
    // Amina's video call at 09:00 Berlin, moved to 11:00, then arrived and fulfilled.
    const input = { patientId: amina._id, duration: 30, kind: 'video' };
    const booked = await api(page.request, idToken, 'POST', appointments, {
      ...input,
      start: `${DAY}T08:00:00.000Z`,
    });
    for (const status of ['booked', 'arrived', 'fulfilled'])
      await api(page.request, idToken, 'PUT', `${appointments}/${booked._id}`, {
        ...input,
        start: `${DAY}T10:00:00.000Z`,
        status,
      });
    // Bruno's at 10:00 Berlin, cancelled.
    const other = await api(page.request, idToken, 'POST', appointments, {
      patientId: bruno._id,
      start: `${DAY}T09:00:00.000Z`,
      duration: 30,
      kind: 'in-person',
    });
    await api(page.request, idToken, 'POST', `${appointments}/${other._id}/cancel`);

    // Turned on in the profile, fetched as a calendar app does, read by ical.js.
    await page.goto('/userProfile');
    await page.getByRole('button', { name: text.feedOn }).click();
    const address = page.getByLabel(text.feedUrl);
    await expect(address).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const feed = await page.request.get(await address.inputValue());
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers()['cache-control']).toBe('no-store');
    const body = await feed.text();
    expect(body).not.toContain('Amina Yusuf');
    const events = parseFeed(body);
    expect(events).toHaveLength(2);
    const [cancelled, moved] = events.sort((a, b) => a.start.localeCompare(b.start));
    // Bruno's at 10:00 Berlin, cancelled: no reminder.
    expect(cancelled).toMatchObject({
      start: `${DAY}T09:00:00.000Z`,
      status: 'CANCELLED',
      summary: 'B.C. · in person',
      hasAlarm: false,
    });
    // Amina's, moved to 11:00 Berlin, then marked arrived and fulfilled: one UID, three changes.
    expect(moved).toMatchObject({
      start: `${DAY}T10:00:00.000Z`,
      end: `${DAY}T10:30:00.000Z`,
      status: 'CONFIRMED',
      summary: 'A.Y. · video',
      sequence: 3,
      hasAlarm: true,
    });
    expect(moved!.uid).not.toBe(cancelled!.uid);
    expect(moved!.uid).toMatch(new RegExp(`^${booked._id}@`));
    await expectAxeClean(page, {
      tags: WCAG_22_AA,
      label: `calendar feed in the profile, ${language}`,
    });
    await context.close();
  });
}

test('the agenda is usable at 360 px without scrolling sideways', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const { idToken, bruno } = await practitioner(page, baseURL!, 'appointments-narrow');
  await api(page.request, idToken, 'POST', `${baseURL}/api/appointments`, {
    patientId: bruno._id,
    start: `${DAY}T09:00:00.000Z`,
    duration: 30,
    kind: 'video',
    reason: 'Follow-up of the asthma treatment',
  });
  await page.goto(`/appointments?view=week&date=${DAY}`);
  await expect(
    page.getByRole('main').getByRole('listitem').filter({ hasText: 'Bruno Costa' }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'week agenda at 360 px' });
  await context.close();
});
