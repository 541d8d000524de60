import { announcer, focused, skipToMain, tabTo, tabUntil } from './support/keyboard.ts';
import { openAs } from './support/journey.ts';
import { createPatients, patientBody } from './support/patients.ts';
import { expect, test } from './support/test.ts';
import { KEYBOARD_LANGUAGES, isolated, textPattern, type Language } from './support/texts.ts';

// The date box's segments follow the browser's locale, not the page's language: typed as
// month, day, year.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** A Monday (a working day by default) two to three weeks ahead, as 'YYYY-MM-DD'. */
function comingMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14 + ((8 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
}

/** Waits until a live region has said the text of `key` about the patient `name`. */
async function expectAnnounced(
  heard: { matches: (pattern: RegExp) => Promise<boolean> },
  language: Language,
  key: string,
  name: string,
) {
  await expect
    .poll(() => heard.matches(textPattern(language, key, { patient: isolated(name) })))
    .toBe(true);
}

for (const language of KEYBOARD_LANGUAGES) {
  test(`keyboard: book an appointment: patient, date, duration, time, kind, reason; focus and announcement (${language})`, async ({
    page,
    baseURL,
  }) => {
    const name = 'Amina Yusuf';
    const day = comingMonday();
    const { t, heard, main, session } = await openAs(
      page,
      baseURL!,
      language,
      '/book-appointment?for=patients',
    );
    await createPatients(page, baseURL!, session!.idToken, [patientBody(name)]);
    await expect(page.locator('main h1')).toHaveText(t('appointments:book.title'));

    // Patient: search, then the match is the next Tab stop; Space chooses it.
    const search = main.getByLabel(t('appointments:patient.search'), { exact: true });
    // The heading shows at once; the form only once the practitioner's schedule has come (a
    // 'Loading' status until then), as a person sees it before tabbing into it.
    await expect(search).toBeVisible();
    await skipToMain(page, t('common:skipToContent'));
    await tabUntil(page, search, { limit: 3 });
    await page.keyboard.insertText('Amina');
    await expect
      .poll(() => heard.includes(t('appointments:patient.found', { count: 1 })))
      .toBe(true);
    const patient = main.getByRole('radio', { name: new RegExp(`^${name}`) });
    await page.keyboard.press('Tab');
    await expect(patient).toBeFocused();
    await page.keyboard.press('Space');
    await expect(patient).toBeChecked();

    // Date: typed into the date box's segments; duration: the next option of the closed select.
    const date = main.getByLabel(t('appointments:form.date'), { exact: true });
    await page.keyboard.press('Tab');
    await expect(date).toBeFocused();
    const [year, month, date_] = day.split('-');
    await page.keyboard.type(`${month}${date_}${year}`);
    await expect(date).toHaveValue(day);
    const duration = main.getByLabel(t('appointments:form.duration'), { exact: true });
    await tabUntil(page, duration, { limit: 4 });
    await page.keyboard.press('ArrowDown');
    await expect(duration).toHaveValue('45');

    // Time: the day's first free time, once the free times for 45 minutes are there.
    const times = main.getByRole('group', { name: t('appointments:form.time'), exact: true });
    await expect(times.getByRole('list')).toHaveAttribute('aria-busy', 'false');
    await expect.poll(() => times.getByRole('radio').count()).toBeGreaterThan(1);
    const firstTime = times.getByRole('radio').first();
    const firstTimeText = (await firstTime.locator('xpath=..').innerText()).trim();
    await page.keyboard.press('Tab');
    await expect(firstTime).toBeFocused();
    await page.keyboard.press('Space');
    await expect(firstTime).toBeChecked();

    // Kind: Tab lands on the chosen one (In person), the arrow keys move to Video.
    const kind = (key: string) => main.getByRole('radio', { name: t(key), exact: true });
    await page.keyboard.press('Tab');
    await expect(kind('appointments:kinds.in-person')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(kind('appointments:kinds.video')).toBeFocused();
    await expect(kind('appointments:kinds.video')).toBeChecked();

    // Reason, then the submit button; Enter books.
    await page.keyboard.press('Tab');
    await expect(
      main.getByLabel(`${t('appointments:form.reason')} ${t('appointments:form.optional')}`),
    ).toBeFocused();
    await page.keyboard.insertText('Asthma follow-up');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe(t('appointments:book.submit'));
    await page.keyboard.press('Enter');

    // Booked: the confirmation's heading has focus, what was booked is read out.
    const booked = main.getByRole('heading', { name: t('appointments:book.bookedTitle') });
    await expect(booked).toBeFocused();
    const confirmation = main.getByRole('region', { name: t('appointments:book.bookedTitle') });
    await expect(confirmation).toContainText(firstTimeText);
    await expect(confirmation).toContainText(t('appointments:duration.minutes', { count: 45 }));
    await expect(confirmation).toContainText(t('appointments:kinds.video'));
    await expectAnnounced(heard, language, 'appointments:book.announced', name);

    // To the agenda of that day: its heading has focus and its name is announced.
    await tabTo(page, t('appointments:book.openAgenda'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/appointments\\?view=day&date=${day}$`));
    const agendaTitle = page.locator('main h1');
    await expect(agendaTitle).toHaveText(t('appointments:agenda.title'));
    await expect(agendaTitle).toBeFocused();
    await expect(announcer(page)).toContainText(t('appointments:agenda.title'));
  });

  test(`keyboard: on the agenda mark an appointment arrived, then cancel it; focus and announcements (${language})`, async ({
    page,
    baseURL,
  }) => {
    const name = 'Bruno Costa';
    const day = comingMonday();
    const agenda = `/appointments?view=day&date=${day}`;
    const { t, heard, main } = await openAs(page, baseURL!, language, agenda, {
      prepare: async ({ idToken }) => {
        const [patientId] = await createPatients(page, baseURL!, idToken, [patientBody(name)]);
        const booked = await page.request.post(`${baseURL}/api/appointments`, {
          headers: { authorization: `Bearer ${idToken}` },
          data: { patientId, start: `${day}T10:00:00.000Z`, duration: 30, kind: 'phone' },
        });
        expect(booked.status()).toBe(201);
      },
    });
    // After each action focus comes back to the appointment, in its new status, announced.
    const summary = main.locator('li p[id^="appointment-"]');
    const expectNow = async (status: 'arrived' | 'cancelled') => {
      await expect(summary).toContainText(t(`appointments:statuses.${status}`));
      await expect(summary).toBeFocused();
      await expectAnnounced(heard, language, `appointments:done.${status}`, name);
    };
    await expect(summary).toContainText(name);
    // The actions are behind the appointment's menu button; opening it focuses the first.
    const openMenu = async () => {
      await tabTo(page, `${t('appointments:agenda.actions')} ▾`);
      await page.keyboard.press('Enter');
    };
    await skipToMain(page, t('common:skipToContent'));
    await openMenu();
    expect((await focused(page)).text).toBe(t('appointments:actions.arrived'));
    await page.keyboard.press('Enter');
    await expectNow('arrived');

    // Cancel: the question's Yes has focus; after it, the appointment again, Cancelled.
    await openMenu();
    await tabTo(page, t('appointments:actions.cancel'), { limit: 3 });
    await page.keyboard.press('Enter');
    await expect(
      main.getByRole('button', { name: t('appointments:cancel.confirm') }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expectNow('cancelled');
  });
}
