import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDateAt } from '../test/clock.ts';
import { createTestUser, patientInput } from '../test/factories.ts';
import { json, startFakeApi } from '../test/fake-api.ts';
import { asRead, itemTexts } from '../test/queries.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { PatientsRoute } from './patients-route.tsx';

/** Monday 23:30 in UTC is already Tuesday morning in Tokyo. */
const LATE_MONDAY_IN_UTC = '2026-03-02T23:30:00Z';
const APPOINTMENTS = /^\/api\/appointments$/;
const TODAY = /^\/api\/premier\/today$/;
const REMINDERS = /^\/api\/reminders$/;

const failure = () => json({ message: 'boom', code: 'INTERNAL' }, { status: 500 });

/** `/records` for `user`, on the fake API holding two patients of theirs. */
function renderStartPage(user = createTestUser()) {
  // The server's own copy: what it holds may change apart from the session.
  const api = startFakeApi({ user: { ...user } });
  const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  const bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
  return {
    api,
    amina,
    bruno,
    render: () => renderWithApp(<PatientsRoute />, { path: '/records', user }),
  };
}

const region = (name: string | RegExp) => screen.findByRole('region', { name });

describe('/records: the start of the day', () => {
  it("lists today's appointments on the practitioner's clock, above a patient list that still works", async () => {
    const reader = userEvent.setup();
    fakeDateAt(LATE_MONDAY_IN_UTC);
    const { api, amina, bruno, render } = renderStartPage(
      createTestUser({ timeZone: 'Asia/Tokyo' }),
    );
    api.appointments.add({ patientId: bruno._id, start: '2026-03-03T05:00:00.000Z' });
    api.appointments.add({ patientId: bruno._id, start: '2026-03-02T10:00:00.000Z' });
    api.appointments.add({
      patientId: amina._id,
      start: '2026-03-03T00:30:00.000Z',
      kind: 'video',
    });
    const view = render();

    const today = await region('Today');
    const list = await within(today).findByRole('list');
    expect(itemTexts(list).map(asRead)).toEqual([
      '9:30 – 10:00 AMAmina YusufVideoBooked',
      '2:00 – 2:30 PMBruno CostaIn personBooked',
    ]);
    const [asked] = api.requestsTo('GET', APPOINTMENTS);
    expect(Object.fromEntries(asked!.search)).toMatchObject({
      from: '2026-03-02T15:00:00.000Z',
      to: '2026-03-03T15:00:00.000Z',
    });
    // The page's h1 first, a panel's h2 each, then the list's own headings.
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Today', 'Due care-plan activities', 'Patient Records']);
    expect(screen.getAllByRole('heading')[0]).toHaveAccessibleName('Dashboard');

    const records = await region('Patient Records');
    const row = (await within(records).findByText('Bruno Costa')).closest('li')!;
    await reader.click(within(row).getByRole('button', { name: 'View Details' }));
    // The chart has its own address; the day's panels stay with the list.
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe(`/records/patients/${bruno._id}`),
    );
  });

  it("shows a member's due activities and unread reminders, each panel on its own when one fails", async () => {
    const { api, amina, render } = renderStartPage(createTestUser({ premiumMember: true }));
    api.carePlans.add(amina._id, {
      title: 'Diabetes',
      activities: [{ title: 'HbA1c test', start: '2026-04-15', rrule: '' }],
    });
    api.reminders.add({ patientId: amina._id, patientName: 'Amina Yusuf' });
    api.on('GET', APPOINTMENTS, failure);
    render();

    expect(await within(await region('Today')).findByRole('alert')).toHaveTextContent(
      'Today’s appointments could not be loaded.',
    );
    const due = await region('Due care-plan activities');
    expect(await within(due).findByText('HbA1c test')).toBeVisible();
    const reminders = await region(/^Unread reminders/);
    expect(await within(reminders).findByRole('link', { name: 'Amina Yusuf' })).toHaveAttribute(
      'href',
      `/records/patients/${amina._id}#appointments`,
    );
    expect(within(reminders).getByRole('heading')).toHaveAccessibleName('Unread reminders 1');
  });

  it('keeps the others when the due activities or the reminders fail', async () => {
    const { api, amina, render } = renderStartPage(createTestUser({ premiumMember: true }));
    api.appointments.add({ patientId: amina._id, start: new Date().toISOString() });
    api.on('GET', TODAY, failure);
    api.on('GET', REMINDERS, failure);
    render();

    expect(
      await within(await region('Due care-plan activities')).findByRole('alert'),
    ).toBeVisible();
    expect(await within(await region(/^Unread reminders/)).findByRole('alert')).toBeVisible();
    expect(
      await within(await region('Today')).findByRole('link', { name: 'Amina Yusuf' }),
    ).toBeVisible();
  });

  it('offers Premier to a non-member in one line, and asks nothing members-only', async () => {
    const { api, render } = renderStartPage(createTestUser({ premiumMember: false }));
    render();
    const due = await region('Due care-plan activities');
    expect(within(due).getByRole('link', { name: 'See what Premier adds' })).toBeVisible();
    expect(await within(await region('Today')).findByText('No appointments today')).toBeVisible();
    expect(screen.queryByRole('region', { name: /^Unread reminders/ })).toBeNull();
    expect(api.requestsTo('GET', TODAY)).toEqual([]);
    expect(api.requestsTo('GET', REMINDERS)).toEqual([]);
  });

  it('offers Premier, not an error, when the membership ended meanwhile', async () => {
    const member = createTestUser({ premiumMember: true });
    const { api, render } = renderStartPage(member);
    // The server knows the membership is over; the stored session does not yet.
    api.profile.stored().premiumMember = false;
    api.on('GET', REMINDERS, () =>
      json({ message: 'Premier only', code: 'PREMIUM_REQUIRED' }, { status: 402 }),
    );
    render();
    const due = await region('Due care-plan activities');
    expect(await within(due).findByRole('link', { name: 'See what Premier adds' })).toBeVisible();
    expect(within(due).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: /^Unread reminders/ })).toBeNull();
  });

  it('lists requests to confirm first: who, when, how, why and until when, each leading to its day in the agenda', async () => {
    fakeDateAt(LATE_MONDAY_IN_UTC);
    const { api, amina, render } = renderStartPage(createTestUser({ timeZone: 'Europe/Berlin' }));
    api.appointments.addRequest(
      { patientId: amina._id, start: '2026-03-04T13:00:00.000Z', kind: 'video', reason: 'Rash' },
      '2026-03-03T09:00:00.000Z',
    );
    render();
    const requests = await region('Requests to confirm 1');
    const list = await within(requests).findByRole('list');
    expect(itemTexts(list).map(asRead)).toEqual([
      'Wed, Mar 4, 2:00 PM–2:30 PMAmina YusufVideoRashWaits until Tue, Mar 3, 10:00 AMAnswer in the agenda, Amina Yusuf',
    ]);
    expect(within(requests).getByRole('link', { name: /^Answer in the agenda/ })).toHaveAttribute(
      'href',
      '/appointments?view=day&date=2026-03-04',
    );
    const panels = screen.getAllByRole('region').map((one) => one.getAttribute('aria-labelledby'));
    expect(panels.indexOf('start-requests-title')).toBeLessThan(
      panels.indexOf('start-appointments-title'),
    );
  });

  it('shows no requests panel while none waits', async () => {
    const { render } = renderStartPage();
    render();
    await region('Today');
    expect(screen.queryByRole('region', { name: /^Requests to confirm/ })).toBeNull();
  });
});
