import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeDateAt } from '../../test/clock.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createDirectoryDoctor } from '../../test/fake-directory.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { dayName, instantWhen } from './directory-text.ts';
import { DoctorPage } from './doctor-page.tsx';

const ID = '5d0f3c1e-8a7b-4c2d-9e1f-000000000001';
const PATIENT = createTestUser({
  _id: '3e1a9c2b-7d4f-4b6a-8c5e-000000000009',
  name: 'Omar Haddad',
});
// Monday 2 March 2026, 08:00 in Lisbon (UTC+0 in winter).
const NOW = '2026-03-02T08:00:00Z';
const NINE = '2026-03-02T09:00:00.000Z';
const HALF_PAST_NINE = '2026-03-02T09:30:00.000Z';
const NEXT_TUESDAY = '2026-03-10T10:00:00.000Z';

let api: FakeApi;
beforeEach(() => {
  fakeDateAt(NOW);
  api = startFakeApi({ user: PATIENT });
});

function addDoctor(overrides: Parameters<typeof createDirectoryDoctor>[0] = {}) {
  const doctor = createDirectoryDoctor({
    publicId: ID,
    starts: [NINE, HALF_PAST_NINE, NEXT_TUESDAY],
    ...overrides,
  });
  api.directory.doctors.push(doctor);
  return doctor;
}

function renderDoctor({ at = `/find-doctor/${ID}`, isSignedIn = true } = {}) {
  return renderWithApp(<DoctorPage />, {
    path: '/find-doctor/:id',
    at,
    user: isSignedIn ? PATIENT : null,
  });
}

const day = (date: string) => screen.getByRole('list', { name: dayName(date, 'en') });
const slotRequests = () => api.requestsTo('GET', /\/api\/directory\/doctors\/[^/]+\/slots$/);

describe('DoctorPage', () => {
  it('shows the profile and a week of free times in the doctor’s zone, with the next and previous weeks', async () => {
    const user = userEvent.setup();
    addDoctor({ bio: 'Heart health for adults.' });
    renderDoctor();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dr. Layla Haddad' }),
    ).toBeVisible();
    expect(screen.getByText('Heart health for adults.')).toBeVisible();
    expect(
      await screen.findByText('Times are the doctor’s local time (Europe/Lisbon).'),
    ).toBeVisible();
    expect(
      within(day('2026-03-02'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['09:00', '09:30']);
    expect(screen.getByRole('button', { name: 'Previous week' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('button', { name: '10:00' })).toBeVisible();
    expect(within(day('2026-03-10')).getByRole('button', { name: '10:00' })).toBeVisible();
    expect(slotRequests().at(-1)!.search.toString()).toBe('from=2026-03-09&to=2026-03-15');

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('button', { name: '09:00' })).toBeVisible();
  });

  it('shows a guest who comes from a card’s time the way in through sign-in', async () => {
    addDoctor();
    renderDoctor({ isSignedIn: false, at: `/find-doctor/${ID}?slot=${NINE}` });
    expect(await screen.findByRole('link', { name: 'Sign in to book this time' })).toHaveAttribute(
      'href',
      '/login',
    );
    // On a phone the way in is below the profile: focus takes the reader there.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Book this time' })).toHaveFocus(),
    );
  });

  it('opened on a time (a card’s link, a shared address), puts focus on its form once the doctor has answered', async () => {
    addDoctor();
    renderDoctor({ at: `/find-doctor/${ID}?slot=${NINE}` });
    const form = await screen.findByRole('form', { name: 'Book this time' });
    await waitFor(() =>
      expect(within(form).getByRole('heading', { name: 'Book this time' })).toHaveFocus(),
    );
  });

  it('books a time: kind, reason, for myself; then says it is booked, with a link to My health', async () => {
    const user = userEvent.setup();
    addDoctor();
    renderDoctor();
    await user.click(await screen.findByRole('button', { name: '09:00' }));
    const form = await screen.findByRole('form', { name: 'Book this time' });
    expect(within(form).getByRole('heading', { name: 'Book this time' })).toHaveFocus();

    // Nothing chosen: the summary names what is missing, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Book this time' }));
    expect(
      await within(form).findByRole('link', { name: 'Please choose the kind of visit.' }),
    ).toBeVisible();
    expect(api.directory.bookings).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Video' }));
    await fill(
      user,
      within(form).getByRole('textbox', { name: /Reason for the visit/ }),
      'Palpitations',
    );
    await user.click(within(form).getByRole('button', { name: 'Book this time' }));

    const done = await screen.findByRole('heading', { name: 'Appointment booked' });
    expect(done).toHaveFocus();
    expect(
      screen.getByText(
        `\u2068Dr. Layla Haddad\u2069 expects you on ${instantWhen(NINE, 'Europe/Lisbon', 'en')} (Video).`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My health' })).toHaveAttribute(
      'href',
      '/my-health',
    );
    expect(api.directory.bookings).toEqual([
      { id: ID, body: { start: NINE, kind: 'video', reason: 'Palpitations', for: 'self' } },
    ]);
  });

  it('books for someone in one’s care, and says until when a request holds the time', async () => {
    const user = userEvent.setup();
    addDoctor({ onlineBooking: 'request', visitKinds: ['in-person'] });
    renderDoctor({ at: `/find-doctor/${ID}?slot=${NINE}` });
    const form = await screen.findByRole('form', { name: 'Book this time' });
    await fill(
      user,
      within(form).getByRole('textbox', { name: /Reason for the visit/ }),
      'Check-up',
    );
    await user.click(within(form).getByRole('radio', { name: 'For someone in my care' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Given name' }), 'Sami');
    await fill(user, within(form).getByRole('textbox', { name: 'Family name' }), 'Haddad');
    await user.type(within(form).getByLabelText('Date of birth'), '2019-05-04');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeVisible();
    expect(screen.getByText(/is waiting for the doctor’s confirmation/)).toHaveTextContent(
      `held for you until ${instantWhen('2026-03-01T09:00:00.000Z', 'Europe/Lisbon', 'en')}`,
    );
    expect(api.directory.bookings[0]!.body).toEqual({
      start: NINE,
      kind: 'in-person',
      reason: 'Check-up',
      for: { dependant: { givenName: 'Sami', familyName: 'Haddad', birthDate: '2019-05-04' } },
    });
  });

  it('says when the time was just taken, and refreshes the free times', async () => {
    const user = userEvent.setup();
    addDoctor({ visitKinds: ['phone'] });
    renderDoctor({ at: `/find-doctor/${ID}?slot=${NINE}` });
    const form = await screen.findByRole('form', { name: 'Book this time' });
    await screen.findByRole('button', { name: '09:00' });
    const readsBefore = slotRequests().length;
    api.directory.taken.add(NINE);

    await fill(user, within(form).getByRole('textbox', { name: /Reason for the visit/ }), 'Cough');
    await user.click(within(form).getByRole('button', { name: 'Book this time' }));

    const notice = await screen.findByText(
      'Someone has just taken this time. The free times have been refreshed: please choose another.',
    );
    await expect.poll(() => notice).toHaveFocus();
    // The form leaves with the time it was for, in the render after the notice's.
    await expect.poll(() => screen.queryByRole('form', { name: 'Book this time' })).toBeNull();
    await expect.poll(() => screen.queryByRole('button', { name: '09:00' })).toBeNull();
    expect(slotRequests().length).toBeGreaterThan(readsBefore);
    // What was typed is kept for the next time chosen.
    await user.click(screen.getByRole('button', { name: '09:30' }));
    expect(await screen.findByRole('textbox', { name: /Reason for the visit/ })).toHaveValue(
      'Cough',
    );
  });

  it('explains the limit of open requests', async () => {
    const user = userEvent.setup();
    addDoctor({ onlineBooking: 'request', visitKinds: ['video'] });
    api.directory.openRequests = 3;
    renderDoctor({ at: `/find-doctor/${ID}?slot=${NINE}` });
    const form = await screen.findByRole('form', { name: 'Book this time' });
    await fill(user, within(form).getByRole('textbox', { name: /Reason for the visit/ }), 'Rash');
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You already have 3 booking requests waiting for a doctor’s answer.',
    );
  });

  it('says so when the doctor is not in the directory', async () => {
    renderDoctor();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This doctor is not in the directory.',
    );
    expect(screen.getByRole('link', { name: 'Back to the search' })).toHaveAttribute(
      'href',
      '/find-doctor',
    );
  });
});
