import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeDateAt, MONDAY_MORNING_IN_BERLIN } from '../../test/clock.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PatientAppointments } from './patient-appointments.tsx';

/** A practitioner in Berlin: the screens show every time on this clock. */
const PRACTITIONER = createTestUser({ timeZone: 'Europe/Berlin' });
let api: FakeApi;

beforeEach(() => {
  fakeDateAt(MONDAY_MORNING_IN_BERLIN);
  api = startFakeApi({ user: PRACTITIONER });
});

describe('PatientAppointments', () => {
  it("shows the patient's upcoming and past appointments and offers to book one", async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
    api.appointments.add({
      patientId: amina._id,
      start: '2026-03-10T08:00:00.000Z',
      kind: 'phone',
    });
    api.appointments.add({
      patientId: amina._id,
      start: '2026-02-20T14:30:00.000Z',
      status: 'fulfilled',
    });
    api.appointments.add({
      patientId: amina._id,
      start: '2026-02-27T09:00:00.000Z',
      status: 'no-show',
    });
    api.appointments.add({ patientId: bruno._id, start: '2026-03-04T08:00:00.000Z' });
    renderWithApp(<PatientAppointments patient={amina} />, {
      path: '/records',
      user: PRACTITIONER,
    });

    expect(screen.getByRole('heading', { name: 'Appointments' })).toBeVisible();
    const upcoming = await screen.findByRole('list', { name: 'Upcoming (next 62 days)' });
    expect(
      within(upcoming)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tuesday, March 10, 2026 at 9:00 AMPhoneBooked']);
    const past = await screen.findByRole('list', { name: 'Past (last 62 days)' });
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Friday, February 27, 2026 at 10:00 AMIn personNo-show',
      'Friday, February 20, 2026 at 3:30 PMIn personFulfilled',
    ]);
    expect(screen.getByRole('link', { name: 'Book appointment' })).toHaveAttribute(
      'href',
      `/book-appointment?patient=${amina._id}`,
    );
    expect(
      api
        .requestsTo('GET', /^\/api\/appointments$/)
        .every((request) => request.search.get('patientId') === amina._id),
    ).toBe(true);
  });

  it('offers joining a video visit in its window, and says when a later one opens', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    // Now is 07:00 UTC: one visit began 5 minutes ago, one starts at 10:00 UTC.
    const now = api.appointments.add({
      patientId: amina._id,
      start: '2026-03-02T06:55:00.000Z',
      kind: 'video',
    });
    api.appointments.add({
      patientId: amina._id,
      start: '2026-03-02T10:00:00.000Z',
      kind: 'video',
    });
    renderWithApp(<PatientAppointments patient={amina} />, {
      path: '/records',
      user: PRACTITIONER,
    });

    // Under way: in both lists, each with its way in.
    const joins = await screen.findAllByRole('link', { name: 'Join video visit' });
    for (const join of joins) {
      expect(join).toHaveAttribute('href', `/video/${now._id}`);
      expect(join).toHaveAccessibleDescription(/7:55 AM/);
    }
    const upcoming = await screen.findByRole('list', { name: 'Upcoming (next 62 days)' });
    // On the practice's clock (Berlin).
    expect(within(upcoming).getByText(/Video visit opens at 10:50 AM$/)).toBeVisible();
  });
});
