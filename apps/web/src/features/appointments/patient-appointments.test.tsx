import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession } from '../../lib/session/stored-session.ts';
import {
  installFakeAppointmentsApi,
  renderAt,
  type FakeAppointmentsApi,
} from './appointments-test-kit.tsx';
import { PatientAppointments } from './patient-appointments.tsx';

let fake: FakeAppointmentsApi;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T07:00:00Z'));
  fake = installFakeAppointmentsApi();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearStoredSession();
});

describe('PatientAppointments', () => {
  it("shows the patient's upcoming and past appointments and offers to book one", async () => {
    const amina = fake.addPatient({ name: 'Amina Yusuf' });
    const bruno = fake.addPatient({ name: 'Bruno Costa' });
    fake.addAppointment({ patient: amina, start: '2026-03-10T08:00:00.000Z', kind: 'phone' });
    fake.addAppointment({ patient: amina, start: '2026-02-20T14:30:00.000Z', status: 'fulfilled' });
    fake.addAppointment({ patient: amina, start: '2026-02-27T09:00:00.000Z', status: 'no-show' });
    fake.addAppointment({ patient: bruno, start: '2026-03-04T08:00:00.000Z' });
    renderAt('/records', <PatientAppointments patient={amina} />);

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
      fake
        .requestsTo('GET', /^\/api\/appointments$/)
        .every((request) => request.search.get('patientId') === amina._id),
    ).toBe(true);
  });
});
