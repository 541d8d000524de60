import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { BookingPage } from './book-appointment-page.tsx';
import { fakeDateAt, MONDAY_MORNING_IN_BERLIN } from '../../test/clock.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { announced, asRead } from '../../test/queries.ts';
import { fill } from '../../test/user-input.ts';

/** A practitioner in Berlin: the screens show every time on this clock. */
const PRACTITIONER = createTestUser({ timeZone: 'Europe/Berlin' });
let api: FakeApi;

const read = (element: Element | null) => asRead(element?.textContent);

beforeEach(() => {
  fakeDateAt(MONDAY_MORNING_IN_BERLIN);
  api = startFakeApi({ user: PRACTITIONER });
  // Stored as sign-in stores it, so no request waits for the identity provider to load.
  storeToken('fake-id-token');
});

afterEach(async () => {
  clearStoredSession();
});

async function choosePatient(name: string) {
  // One input event (a paste), as a fast typist's debounced search sees it.
  await userEvent.click(await screen.findByLabelText('Find a patient'));
  await userEvent.paste(name.split(' ')[0]!);
  await userEvent.click(await screen.findByRole('radio', { name: new RegExp(`^${name}`) }));
}

/** The booking page as the practitioner opens it, with `query` (`?patient=…`) if given. */
function renderBookingPage(query = '') {
  return renderWithApp(<BookingPage />, {
    path: '/book-appointment',
    at: `/book-appointment${query}`,
    user: PRACTITIONER,
  });
}

function postedBodies() {
  return api.requestsTo('POST', /^\/api\/appointments$/).map((request) => request.body);
}

describe('BookingPage', () => {
  it('asks for free times only once the day box holds a whole date, not while its year is typed', async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    renderBookingPage();
    await choosePatient('Amina Yusuf');
    expect(await screen.findByText('31 free times on Monday, March 2, 2026.')).toBeVisible();
    const freeSlotDates = () =>
      api
        .requestsTo('GET', /^\/api\/appointments\/free-slots/)
        .map((request) => request.search.get('date'));
    expect(freeSlotDates()).toEqual(['2026-03-02']);

    // What a date box reports while the year 2026 is typed over it, digit by digit.
    const day = screen.getByLabelText('Date');
    for (const partial of ['0002-12-01', '0020-12-01', '0202-12-01']) {
      fireEvent.change(day, { target: { value: partial } });
      expect(await screen.findByText('Choose a date to see the free times.')).toBeVisible();
    }
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    expect(await screen.findByText(/free times on Tuesday, December 1, 2026\./)).toBeVisible();
    expect(freeSlotDates()).toEqual(['2026-03-02', '2026-12-01']);
  });

  it('opens on today when the address names a day outside the years the API takes', async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    renderBookingPage('?date=0202-12-01');
    await choosePatient('Amina Yusuf');
    expect(await screen.findByText('31 free times on Monday, March 2, 2026.')).toBeVisible();
    expect(
      api
        .requestsTo('GET', /^\/api\/appointments\/free-slots/)
        .map((request) => request.search.get('date')),
    ).toEqual(['2026-03-02']);
  });

  it('books a free time and confirms it on the practitioner’s clock', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    api.patients.insert(patientInput({ name: 'Bruno Costa' }));
    renderBookingPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book Appointment' }),
    ).toBeVisible();
    await choosePatient('Amina Yusuf');
    expect(await screen.findByText('31 free times on Monday, March 2, 2026.')).toBeVisible();
    expect(screen.getByText('Times are in your time zone, Europe/Berlin.')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: '10:00 AM' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Video' }));
    await fill(userEvent.setup(), screen.getByLabelText('Reason (optional)'), 'Blood test results');
    await userEvent.click(screen.getByRole('button', { name: 'Book appointment' }));

    const heading = await screen.findByRole('heading', { name: 'Appointment booked' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(read(heading.nextElementSibling)).toBe(
      'Amina Yusuf, Monday, March 2, 2026 at 10:00 AM, 30 minutes, Video.',
    );
    expect(postedBodies()).toEqual([
      {
        patientId: amina._id,
        start: '2026-03-02T09:00:00.000Z',
        duration: 30,
        kind: 'video',
        reason: 'Blood test results',
        note: '',
        status: 'booked',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Open the agenda' })).toHaveAttribute(
      'href',
      '/appointments?view=day&date=2026-03-02',
    );
    expect(announced()).toBe('Appointment booked: Amina Yusuf, Monday, March 2, 2026 at 10:00 AM.');
  });

  it('says what is missing and books nothing', async () => {
    renderBookingPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const summary = await screen.findByRole('group', { name: 'There are problems with 2 fields' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Patient: Please choose a patient.', 'Time: Please choose a valid start time.']);
    expect(screen.getByLabelText('Find a patient')).toHaveAccessibleDescription(
      /Please choose a patient\.$/,
    );
    expect(postedBodies()).toEqual([]);
  });

  it('warns before booking outside the working hours, then books after the confirmation', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    renderBookingPage(`?patient=${amina._id}`);
    expect(await screen.findByRole('radio', { name: /^Amina Yusuf/ })).toBeChecked();
    await userEvent.click(await screen.findByRole('radio', { name: 'Another time' }));
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '18:30' } });
    expect(
      await screen.findByText(
        'This time is outside your working hours (Monday 9:00 AM–5:00 PM). You can still book it, for example for a walk-in or an emergency.',
      ),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    const summary = await screen.findByRole('group', { name: 'There is a problem with 1 field' });
    expect(summary).toHaveTextContent(
      'Outside working hours: Confirm that you want to book outside your working hours.',
    );
    expect(postedBodies()).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Book outside my working hours' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    await screen.findByRole('heading', { name: 'Appointment booked' });
    expect(postedBodies()).toMatchObject([{ start: '2026-03-02T17:30:00.000Z' }]);
  });

  it('names the clashing time and patient when the API answers 409, in the reader’s language', async () => {
    const bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    api.appointments.add({ patientId: bruno._id, start: '2026-03-02T09:00:00.000Z' });
    renderBookingPage(`?patient=${amina._id}`);

    // Preselected from the patient's details.
    expect(await screen.findByRole('radio', { name: /^Amina Yusuf/ })).toBeChecked();
    expect(await screen.findByText('28 free times on Monday, March 2, 2026.')).toBeVisible();
    expect(screen.queryByRole('radio', { name: '10:00 AM' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Another time' }));
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '10:15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Book appointment' }));

    const alert = await screen.findByRole('alert');
    expect(read(alert)).toBe(
      'This time overlaps the appointment with Bruno Costa on Monday, March 2, 2026 at 10:00 AM (until 10:30 AM). Choose another time.',
    );
    await waitFor(() => expect(alert.parentElement).toHaveFocus());

    await i18n.changeLanguage('ar');
    await userEvent.click(screen.getByRole('button', { name: 'احجز الموعد' }));
    await waitFor(() => expect(read(screen.getByRole('alert'))).toContain('Bruno Costa'));
    expect(read(screen.getByRole('alert'))).toContain('الاثنين');
    expect(read(screen.getByRole('alert'))).not.toContain('overlaps');
  });
});
