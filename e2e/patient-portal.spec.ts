import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { visitInput } from '@portal/shared/visit.factories';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { openAs } from './support/journey.ts';
import { recordAnnouncements, tabTo, tabUntil } from './support/keyboard.ts';
import { POPUP_TEXTS } from './support/server-texts.ts';
import { createPatients, patientBody } from './support/patients.ts';
import { becomeMember } from './support/premier.ts';
import { uniqueEmail, type SignedInUser } from './support/session.ts';
import { textsOf, type Language } from './support/texts.ts';
import { expect, test } from './support/test.ts';

// A new practitioner's profile keeps UTC: the browser reads the same clock.
test.use({ timezoneId: 'UTC' });

const PATIENT = 'Ana Lima';
const BIRTH_DATE = '1990-04-12';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A practitioner's record of Ana, through the API: an appointment the day after tomorrow, a
 * signed visit with vitals, a prescription, an allergy and a daily care-plan activity.
 */
async function seedRecord(page: Page, baseURL: string, { idToken }: SignedInUser) {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (url: string, data: object, status = 201) => {
    const response = await page.request.post(url, { headers, data });
    expect(response.status(), url).toBe(status);
    return (await response.json()) as { _id: string };
  };
  await becomeMember(page, baseURL, idToken);
  const [patientId] = await createPatients(page, baseURL, idToken, [
    { ...patientBody(PATIENT), dateOfBirth: BIRTH_DATE },
  ]);
  const base = `${baseURL}/api/records/patients/${patientId}`;
  const appointment = await post(`${baseURL}/api/appointments`, {
    patientId,
    start: `${day(2)}T10:00:00.000Z`,
    duration: 30,
    kind: 'in-person',
  });
  const visit = await post(
    `${base}/visits`,
    visitInput({ occurredAt: `${day(-1)}T09:00:00.000Z`, systolic: 142, diastolic: 91 }),
  );
  await post(`${base}/visits/${visit._id}/sign`, {}, 200);
  await post(`${base}/prescriptions`, {
    medication: 'Amlodipine',
    strength: '5 mg',
    dose: '1 tablet',
    route: 'oral',
    frequency: 'once a day',
    duration: '30 days',
    instructions: 'In the morning',
  });
  await post(`${base}/allergies`, { substance: 'Latex', reaction: 'Hives', severity: 'moderate' });
  await post(`${base}/care-plans`, {
    title: 'Blood pressure',
    goals: [],
    activities: [{ title: 'Morning walk', start: day(-3), rrule: 'FREQ=DAILY' }],
  });
  return { patientId: patientId!, appointmentId: appointment._id };
}

/** The practitioner invites from the chart's access section, by keyboard: the address shown once. */
async function inviteFromChart(page: Page, t: (key: string) => string) {
  const main = page.getByRole('main');
  const access = main.getByRole('region', { name: t('access:title') });
  await expect(access.getByText(t('access:state.notInvited'))).toBeVisible();
  await tabUntil(page, access.getByRole('button', { name: t('access:invite') }));
  await page.keyboard.press('Enter');
  const form = access.getByRole('form', { name: t('access:inviteTitle') });
  await expect(form.getByLabel(t('access:relationshipLabel'))).toHaveValue('self');
  await tabUntil(page, form.getByRole('button', { name: t('access:send') }));
  await page.keyboard.press('Enter');
  const address = access.getByRole('textbox', { name: t('access:url') });
  await expect(address).toHaveValue(/\/join\/[\w-]{43}$/);
  await expect(access.getByRole('img', { name: t('access:qr') })).toBeVisible();
  return address.inputValue();
}

/** A guest opens the invitation, signs in through the local popup and is brought back. */
async function joinAsGuest(
  page: Page,
  language: Language,
  { url, email }: { url: string; email: string },
) {
  const t = textsOf(language);
  const popupTexts = POPUP_TEXTS[language];
  await page.goto(url);
  await expect(page).toHaveURL(/\/login/);
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: t('auth:login.google') }).click();
  const popup = await opened;
  await popup.getByLabel(popupTexts.name).fill(PATIENT);
  await popup.getByLabel(popupTexts.email).fill(email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: popupTexts.submit }).click();
  await closed;
  await expect(page).toHaveURL(new URL(url).pathname);
}

test('keyboard: the practitioner invites, Ana joins, sees her care, acts on it; access ends (en)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  let ids = { patientId: '', appointmentId: '' };
  const { t } = await openAs(page, baseURL!, 'en', '/records', {
    prepare: async (session) => void (ids = await seedRecord(page, baseURL!, session)),
  });
  await page.goto(`/records/patients/${ids.patientId}`);
  const url = await inviteFromChart(page, t);

  // Ana, in a browser of her own: the invitation, signed in, with the date of birth.
  const anaContext = await browser.newContext({ timezoneId: 'UTC' });
  const ana = await anaContext.newPage();
  await ana.addInitScript(() => localStorage.setItem('lang', 'en'));
  const heard = await recordAnnouncements(ana);
  await joinAsGuest(ana, 'en', { url, email: uniqueEmail('ana') });
  const join = ana.getByRole('main');
  await expect(join.getByRole('heading', { level: 1 })).toHaveText(t('myHealth:join.title'));
  await expect(join).toContainText(t('myHealth:relationship.self'));
  await tabUntil(ana, join.getByLabel(t('myHealth:join.birthDate')));
  // A date field takes its digits in the browser's order (en-US: month, day, year).
  await ana.keyboard.type('04121990');
  await tabTo(ana, t('myHealth:join.accept'));
  await ana.keyboard.press('Enter');

  // My health: the appointment, the signed visit with its vitals, the prescription, the allergy
  // and today's activity.
  await expect(ana).toHaveURL(/\/my-health/);
  const mine = ana.getByRole('main');
  await expect(mine.getByRole('heading', { level: 1 })).toContainText(PATIENT);
  await expect(mine).toContainText(t('myHealth:visits.title'));
  await expect(mine).toContainText('142/91');
  await expect(mine).toContainText('Amlodipine');
  await expect(mine).toContainText('Latex');
  await expect(mine).toContainText('Morning walk');
  await expectAxeClean(ana, { include: 'main', tags: WCAG_22_AA });

  // Marks the walk done, by keyboard; the result is announced.
  // The activity's name as the sentence holds it, isolated or not.
  const walk = '.?Morning walk.?';
  await tabUntil(
    ana,
    mine.getByRole('button', {
      name: new RegExp(t('myHealth:carePlans.doneLabel', { activity: walk })),
    }),
  );
  await ana.keyboard.press('Enter');
  await expect(mine).toContainText(t('myHealth:carePlans.state.done'));
  await expect
    .poll(() => heard.matches(new RegExp(t('myHealth:carePlans.marked.done', { activity: walk }))))
    .toBe(true);

  // Cancels the appointment.
  const cancel = mine.getByRole('button', { name: /Cancel the appointment of/ });
  await tabUntil(ana, cancel);
  await ana.keyboard.press('Enter');
  await expect(mine).toContainText(t('myHealth:appointments.status.cancelled'));
  await expect.poll(() => heard.matches(/./)).toBe(true);

  // Asks for a correction of the allergy, by keyboard: focus lands on the confirmation.
  const corrections = mine.getByRole('region', {
    name: t('myHealth:corrections.patient.title'),
    exact: true,
  });
  await tabUntil(
    ana,
    corrections.getByRole('button', { name: t('myHealth:corrections.patient.ask') }),
    { limit: 150 },
  );
  await ana.keyboard.press('Enter');
  const about = corrections.getByRole('combobox', {
    name: t('myHealth:corrections.patient.about'),
  });
  await expect(about).toBeFocused();
  const latex = await about
    .locator('option', { hasText: 'Latex' })
    .evaluate((option) => (option as HTMLOptionElement).label);
  await about.selectOption({ label: latex });
  await ana.keyboard.press('Tab');
  await expect(
    corrections.getByRole('textbox', { name: t('myHealth:corrections.patient.text') }),
  ).toBeFocused();
  await ana.keyboard.type('The reaction to latex was a rash, not hives.');
  await tabTo(ana, t('myHealth:corrections.patient.send'));
  await ana.keyboard.press('Enter');
  const sentTo = new RegExp(t('myHealth:corrections.patient.sent', { practitioner: '.+' }));
  await expect(corrections.getByText(sentTo)).toBeFocused();
  await expect.poll(() => heard.matches(sentTo)).toBe(true);
  await expect(corrections).toContainText(t('myHealth:corrections.status.requested'));

  // Her record as a FHIR file, by keyboard: a Bundle holding what the screens show.
  const downloaded = ana.waitForEvent('download');
  await tabUntil(ana, mine.getByRole('button', { name: t('myHealth:page.download') }));
  await ana.keyboard.press('Enter');
  const bundle = JSON.parse(
    await fs.promises.readFile((await (await downloaded).path())!, 'utf8'),
  ) as { resourceType: string; entry: Array<{ resource: { resourceType: string } }> };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.entry.map((entry) => entry.resource.resourceType)).toEqual(
    expect.arrayContaining(['Patient', 'Appointment', 'MedicationRequest', 'AllergyIntolerance']),
  );

  // Her medicines on paper, by keyboard: the link sits above, in the prescriptions.
  const printLink = mine.getByRole('link', { name: t('myHealth:prescriptions.print') });
  for (let press = 0; press < 60; press += 1) {
    if (await printLink.evaluate((element) => element === document.activeElement)) break;
    await ana.keyboard.press('Shift+Tab');
  }
  await ana.keyboard.press('Enter');
  const sheet = ana.getByRole('main');
  await expect(sheet.getByRole('table', { name: t('myHealth:medicines.active') })).toContainText(
    'Amlodipine',
  );
  await expect(sheet.getByRole('heading', { level: 1 })).toBeFocused();
  await expectAxeClean(ana, { include: 'main', tags: WCAG_22_AA });
  await ana.goBack();
  await expect(mine.getByRole('heading', { level: 1 })).toContainText(PATIENT);

  // The practitioner: the cancellation in the agenda, Ana's reads and request in the activity
  // view.
  await page.goto(`/appointments?date=${day(2)}`);
  await expect(page.getByRole('main').getByText(PATIENT).first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText(t('appointments:statuses.cancelled'));

  await page.goto('/records');
  await page.getByRole('button', { name: t('records:openActivity') }).click();
  const byAna = page
    .getByRole('row')
    .filter({ hasText: t('records:activity.byLinked', { name: PATIENT }) });
  await expect(byAna.filter({ hasText: t('records:activity.actions.read') }).first()).toBeVisible();
  await expect(
    byAna.filter({ hasText: t('records:activity.actions.request_correction') }).first(),
  ).toBeVisible();

  // The correction request in the chart: accepted by keyboard, saying what changed.
  await page.goto(`/records/patients/${ids.patientId}`);
  const requests = page.getByRole('main').getByRole('region', {
    name: t('myHealth:corrections.chart.titleOpen', { number: 1 }),
  });
  await expect(requests).toContainText('The reaction to latex was a rash, not hives.');
  await tabUntil(page, requests.getByRole('button', { name: /^Accept the request of/ }), {
    limit: 150,
  });
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('textbox', { name: t('myHealth:corrections.chart.answerLabel') }),
  ).toBeFocused();
  await page.keyboard.type('Reaction changed to rash.');
  await tabTo(page, t('myHealth:corrections.chart.acceptConfirm'));
  await page.keyboard.press('Enter');
  const answered = page.getByRole('main').getByRole('region', {
    name: t('myHealth:corrections.chart.title'),
    exact: true,
  });
  await expect(answered).toContainText(t('myHealth:corrections.status.accepted'));
  await expect(answered).toContainText('Reaction changed to rash.');

  // Ends access; Ana's next request is refused.
  const access = page.getByRole('main').getByRole('region', { name: t('access:title') });
  await expect(access).toContainText(PATIENT);
  await tabUntil(page, access.getByRole('button', { name: t('access:end') }));
  await page.keyboard.press('Enter');
  await tabTo(page, t('access:endConfirm'));
  await page.keyboard.press('Enter');
  await expect(access.getByText(t('access:state.ended'))).toBeVisible();

  await ana.reload();
  await expect(ana.getByRole('main')).toContainText(t('myHealth:page.none'));
  const refused = await ana.request.get(`/api/me/patients/${ids.patientId}`, {
    headers: {
      authorization: `Bearer ${await ana.evaluate(() => localStorage.getItem('firebase_token'))}`,
    },
  });
  expect(refused.status()).toBe(404);
  await anaContext.close();
});

/** Arabic, for the layout and axe: the join page and My health, right to left, at 360 px. */
test('ar: the join page and My health lay out right to left and are axe-clean at 360 px', async ({
  page,
  browser,
  baseURL,
}) => {
  const language: Language = 'ar';
  const t = textsOf(language);
  let ids = { patientId: '', appointmentId: '' };
  let practitioner: SignedInUser | undefined;
  await openAs(page, baseURL!, language, '/records', {
    prepare: async (session) => {
      practitioner = session;
      ids = await seedRecord(page, baseURL!, session);
    },
  });
  const invited = await page.request.post(
    `${baseURL}/api/records/patients/${ids.patientId}/invitation`,
    {
      headers: { authorization: `Bearer ${practitioner!.idToken}` },
      data: { relationship: 'parent-or-guardian' },
    },
  );
  const { url } = (await invited.json()) as { url: string };

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const ana = await context.newPage();
  await ana.addInitScript((code) => localStorage.setItem('lang', code), language);
  await joinAsGuest(ana, language, { url, email: uniqueEmail('ana-ar') });
  await expect(ana.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ana.getByRole('main')).toContainText(t('myHealth:relationship.parent-or-guardian'));
  await expectAxeClean(ana, { include: 'main', tags: WCAG_22_AA });
  await ana.getByLabel(t('myHealth:join.birthDate')).fill(BIRTH_DATE);
  await ana.getByRole('button', { name: t('myHealth:join.accept') }).click();
  await expect(ana).toHaveURL(/\/my-health/);
  await expect(ana.getByRole('main')).toContainText('Amlodipine');
  const width = await ana.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectAxeClean(ana, { include: 'main', tags: WCAG_22_AA });
  await context.close();
});
