import type { APIRequestContext, Page } from '@playwright/test';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { focused, recordAnnouncements, tabUntil } from './support/keyboard.ts';
import { DIRECTORY_REVIEWER } from './support/server.ts';
import { signInAs, signInViaApi, uniqueEmail } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * Online booking from the public directory, by keyboard, on the shared server (its
 * DIRECTORY_REVIEWERS names the reviewer who approves through the API): a guest finds an approved
 * cardiologist who speaks Arabic in a city, presses a free time, signs in, sends the request and
 * sees it in My health; a second person who held the same time meets "slot taken"; the
 * practitioner confirms the request; /find-hospital lists the facility with its doctor, and a
 * listing nobody reviewed is nowhere public; on a wide screen and on a phone. The directory's
 * layout and axe in Arabic at 360 and 1280 px are directory.spec.ts's.
 */

const CARDIOLOGY = '394579002';
/** A city of one test only, so the journeys running beside it never show up in its searches. */
const newCity = () =>
  `Vila ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

async function ok<T = Record<string, unknown>>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A practitioner with a Practice in `city` and a saved listing (pending until approved); with
 * `facility`, at a clinic of their own there, approved first.
 */
async function listedPractitioner(
  request: APIRequestContext,
  baseURL: string,
  { name, city, facility }: { name: string; city: string; facility?: string },
) {
  const session = await signInViaApi(request, baseURL, { email: uniqueEmail('listed'), name });
  const headers = bearer(session.idToken);
  await ok(
    await request.put(`${baseURL}/api/user/practice`, {
      headers,
      data: { city, country: 'PT', registrationNumber: 'OM-51234' },
    }),
  );
  let facilityId: string | undefined;
  if (facility) {
    const created = await ok<{ _id: string }>(
      await request.post(`${baseURL}/api/facilities`, {
        headers,
        data: {
          name: facility,
          kind: 'clinic',
          address: 'Rua Direita 12',
          city,
          country: 'PT',
        },
      }),
    );
    await approveAll(request, baseURL, [facility]);
    facilityId = created._id;
  }
  const listing = await ok<{ publicId: string }>(
    await request.put(`${baseURL}/api/user/listing`, {
      headers,
      data: {
        listed: true,
        ...(facilityId && { facilityId }),
        specialties: [CARDIOLOGY],
        languages: ['ar', 'pt'],
        bio: 'Heart rhythm and heart failure.',
        visitKinds: ['in-person', 'video'],
        onlineBooking: 'request',
      },
    }),
  );
  return { session, headers, publicId: listing.publicId };
}

/** The reviewer approves the pending items of these names, through the API. */
async function approveAll(request: APIRequestContext, baseURL: string, names: string[]) {
  const reviewer = await signInViaApi(request, baseURL, {
    email: DIRECTORY_REVIEWER,
    name: 'Rita Reviewer',
  });
  const headers = bearer(reviewer.idToken);
  const { items } = await ok<{
    items: {
      kind: string;
      _id: string;
      updatedAt: string;
      doctor?: { name: string };
      facility?: { name: string };
    }[];
  }>(await request.get(`${baseURL}/api/directory/review`, { headers }));
  for (const item of items) {
    if (!names.includes(item.doctor?.name ?? item.facility?.name ?? '')) continue;
    await ok(
      await request.post(`${baseURL}/api/directory/review/${item.kind}/${item._id}/approve`, {
        headers: { ...headers, 'if-match': `"${item.updatedAt}"` },
      }),
    );
  }
}

/** Tab to `target` and press Enter. */
async function press(page: Page, target: ReturnType<Page['getByRole']>) {
  await tabUntil(page, target, { limit: 80 });
  await page.keyboard.press('Enter');
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
])
  test(`a guest finds an Arabic-speaking cardiologist, signs in at a free time and requests it; a second person meets "slot taken"; the practitioner confirms (${viewport.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const city = newCity();
    const suffix = city.slice(5);
    const doctorName = `Dr. Layla Haddad ${suffix}`;
    const unreviewedName = `Dr. Pending Pereira ${suffix}`;
    const facilityName = `Clínica do Coração ${suffix}`;

    // The practitioner's clinic and listing, approved; a second listing nobody reviews.
    const doctor = await listedPractitioner(page.request, baseURL!, {
      name: doctorName,
      city,
      facility: facilityName,
    });
    const unreviewed = await listedPractitioner(page.request, baseURL!, {
      name: unreviewedName,
      city,
    });
    await approveAll(page.request, baseURL!, [doctorName]);

    // A guest searches by specialty, language and city.
    await page.goto('/find-doctor');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a Doctor' })).toBeVisible();
    await tabUntil(page, main.getByLabel('Name or specialty'));
    await page.keyboard.type('cardiology');
    await tabUntil(page, main.getByLabel('Language spoken'));
    await main.getByLabel('Language spoken').selectOption({ label: 'Arabic' });
    await tabUntil(page, main.getByLabel('City'));
    await page.keyboard.type(city);
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: '1 doctor found' })).toBeVisible();
    const card = main.getByRole('article', { name: doctorName });
    await expect(card).toContainText('Cardiology');
    await expect(main.getByText(unreviewedName)).toHaveCount(0);

    // Its first free time: a guest is asked to sign in, then comes back to that time.
    const firstTime = card.getByRole('link', {
      name: new RegExp(`^Book .+ with \\W?Dr\\. Layla Haddad ${suffix}\\W?$`),
    });
    const waiting = new RegExp(
      `Requested — waiting for \\W?Dr\\. Layla Haddad ${suffix}\\W? to confirm`,
    );
    const slotLabel = (await firstTime.first().getAttribute('aria-label'))!;
    await press(page, firstTime.first());
    await expect(page).toHaveURL(new RegExp(`/find-doctor/${doctor.publicId}\\?.*slot=`));
    const slotUrl = page.url();
    await press(page, main.getByRole('link', { name: 'Sign in to book this time' }));
    await expect(page).toHaveURL(/\/login$/);
    const patientEmail = uniqueEmail('booker');
    const popupOpened = page.waitForEvent('popup');
    await press(page, page.getByRole('button', { name: 'Sign In with Google' }));
    const popup = await popupOpened;
    await popup.getByLabel('Name').fill('Omar Saleh');
    await popup.getByLabel('Email').fill(patientEmail);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;

    const form = main.getByRole('form', { name: 'Book this time' });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(slotUrl);
    expect((await focused(page)).text).toContain('Book this time');

    // A second person opens the same time before the booker sends it.
    const secondContext = await browser.newContext({ viewport });
    const second = await secondContext.newPage();
    await signInAs(second, baseURL!, { email: uniqueEmail('second'), name: 'Second Sara' });
    await second.goto(slotUrl);
    const secondForm = second.getByRole('main').getByRole('form', { name: 'Book this time' });
    await expect(secondForm).toBeVisible();

    // The booker: kind, reason, for themself, send.
    // Tab enters the kinds' radio group; the arrow keys choose within it.
    const video = form.getByRole('radio', { name: 'Video' });
    await tabUntil(page, form.getByRole('radio').first());
    for (let press = 0; press < 3 && !(await video.isChecked()); press += 1)
      await page.keyboard.press('ArrowDown');
    await expect(video).toBeChecked();
    await tabUntil(page, form.getByLabel('Reason for the visit'));
    await page.keyboard.type('Palpitations when climbing stairs');
    await press(page, form.getByRole('button', { name: 'Send the request' }));
    await expect(main.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await expect(main).toContainText(doctorName);

    // The second person is told the time has gone, and the times are refreshed.
    await secondForm.getByRole('radio', { name: 'In person' }).check();
    await secondForm.getByLabel('Reason for the visit').fill('Check-up');
    await secondForm.getByRole('button', { name: 'Send the request' }).click();
    await expect(
      second.getByText(
        'Someone has just taken this time. The free times have been refreshed: please choose another.',
      ),
    ).toBeVisible();
    await secondContext.close();

    // My health shows the request, waiting for the doctor.
    await press(page, main.getByRole('link', { name: 'Go to My health' }));
    await expect(page).toHaveURL(/\/my-health/);
    await expect(main.getByText(waiting)).toBeVisible();
    await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'My health' });

    // The practitioner: the start page lists the request first; the agenda confirms it.
    const doctorContext = await browser.newContext({ viewport });
    const practitioner = await doctorContext.newPage();
    await signInAs(practitioner, baseURL!, { email: doctor.session.user.email, name: doctorName });
    const heard = await recordAnnouncements(practitioner);
    await practitioner.goto('/records');
    const start = practitioner.getByRole('main');
    const requests = start.getByRole('region', { name: 'Requests to confirm' });
    await expect(requests).toContainText('Omar Saleh');
    await press(practitioner, requests.getByRole('link', { name: /Answer in the agenda/ }).first());
    const agenda = practitioner.getByRole('main');
    const confirm = agenda.getByRole('button', { name: 'Confirm' }).first();
    await press(practitioner, confirm);
    await expect(agenda.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await expect
      .poll(() => heard.matches(/Omar Saleh\W*, .*: request confirmed, now booked/))
      .toBe(true);
    await doctorContext.close();

    // The patient's My health now shows it booked.
    await page.reload();
    await expect(main.getByText(waiting)).toHaveCount(0);

    // /find-hospital lists the facility with its approved doctor only.
    await page.goto('/find-hospital');
    await tabUntil(page, main.getByLabel('City'));
    await page.keyboard.type(city);
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: '1 place found' })).toBeVisible();
    await press(page, main.getByRole('button', { name: 'Doctors here' }));
    await expect(main.getByRole('link', { name: doctorName })).toBeVisible();
    await expect(main.getByText(unreviewedName)).toHaveCount(0);

    // The unreviewed listing is nowhere public.
    await page.goto(`/find-doctor/${unreviewed.publicId}`);
    await expect(main.getByText('This doctor is not in the directory.')).toBeVisible();
    const search = await page.request.get(
      `${baseURL}/api/directory/doctors?q=${encodeURIComponent(unreviewedName)}`,
    );
    expect(await search.json()).toEqual([]);
    expect(slotLabel).toContain(doctorName);
  });
