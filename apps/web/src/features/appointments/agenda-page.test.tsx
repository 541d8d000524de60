import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAppointment } from '@portal/shared/appointment';
import type { TPatient } from '@portal/shared/patient';
import { chartPath } from '../../lib/routes/chart-address.ts';
import { AgendaPage } from './agenda-page.tsx';
import { fakeDateAt, MONDAY_MORNING_IN_BERLIN } from '../../test/clock.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { announced, asRead } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

/** A practitioner in Berlin, working 09:00–17:00 Monday to Friday (the default hours). */
const PRACTITIONER = createTestUser({ timeZone: 'Europe/Berlin' });
let api: FakeApi;
let amina: TPatient;
let bruno: TPatient;
let aminaAtNine: TAppointment;

beforeEach(() => {
  fakeDateAt(MONDAY_MORNING_IN_BERLIN);
  api = startFakeApi({ user: PRACTITIONER });
  amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
  api.appointments.add({ patientId: bruno._id, start: '2026-03-02T09:00:00.000Z', kind: 'video' });
  aminaAtNine = api.appointments.add({
    patientId: amina._id,
    start: '2026-03-02T08:00:00.000Z',
    reason: 'Check-up',
  });
});

async function item(name: string) {
  const text = await screen.findByText(name);
  return text.closest('li')!;
}

const summaryOf = (li: HTMLElement) => li.querySelector('p')!;
const menuButtonOf = (li: HTMLElement) => within(li).getByRole('button', { name: /^Actions/ });
/** Matches an accessible name as read (see `asRead`). */
const readAs = (expected: string) => (name: string) => asRead(name) === expected;
const placeOf = (li: HTMLElement) =>
  ['--top', '--height', '--lane', '--lanes'].map((name) => li.style.getPropertyValue(name));

/** Opens the appointment's menu by keyboard and answers its choice named `name`. */
async function choose(li: HTMLElement, name: string) {
  menuButtonOf(li).focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(menuButtonOf(li)).toHaveAttribute('aria-expanded', 'true'));
  return within(li).getByRole('button', { name });
}

/** The agenda as the practitioner opens it, with `query` (`?view=…&date=…`) if given. */
function renderAgendaPage(query = '') {
  return renderWithApp(<AgendaPage />, {
    path: '/appointments',
    at: `/appointments${query}`,
    user: PRACTITIONER,
  });
}

describe('AgendaPage', () => {
  it("lists today's appointments in order, on the practitioner's clock", async () => {
    renderAgendaPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Monday, March 2, 2026 · Today' }),
    ).toBeVisible();
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => asRead(summaryOf(row).textContent))).toEqual([
      '9:00 – 9:30 AM, Amina Yusuf, In person, Booked',
      '10:00 – 10:30 AM, Bruno Costa, Video, Booked',
    ]);
    expect(within(rows[0]!).getByText('Check-up')).toBeVisible();
    expect(screen.getByText('Times are in your time zone, Europe/Berlin.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when a video visit opens on the practitioner’s clock, and offers joining it in its window', async () => {
    renderAgendaPage();
    const video = await item('Bruno Costa');
    expect(within(video).getByText(/Video visit opens at 9:50 AM$/)).toBeVisible();
    expect(within(video).queryByRole('link', { name: 'Join video visit' })).toBeNull();
    expect(within(await item('Amina Yusuf')).queryByText(/Video visit/)).toBeNull();
  });

  it('links a video visit in its window to its call', async () => {
    fakeDateAt('2026-03-02T08:55:00Z');
    renderAgendaPage();
    const link = within(await item('Bruno Costa')).getByRole('link', { name: 'Join video visit' });
    const bruno = api.appointments.appointments.find((a) => a.kind === 'video')!;
    expect(link).toHaveAttribute('href', `/video/${bruno._id}`);
    expect(link).toHaveAccessibleDescription(/Bruno Costa/);
  });

  it('places each appointment at its start, as tall as it lasts, from the first hour shown', async () => {
    api.appointments.add({ patientId: amina._id, start: '2026-03-02T12:00:00.000Z', duration: 90 });
    renderAgendaPage();
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    // The grid starts at 09:00, the working hours' start: [top, height, lane, lanes] in minutes.
    expect(rows.map(placeOf)).toEqual([
      ['0', '30', '0', '1'],
      ['60', '30', '0', '1'],
      ['240', '90', '0', '1'],
    ]);
  });

  it('sets overlapping appointments side by side', async () => {
    api.appointments.add({ patientId: amina._id, start: '2026-03-02T09:15:00.000Z', duration: 30 });
    renderAgendaPage();
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows.map(placeOf)).toEqual([
      ['0', '30', '0', '1'],
      ['60', '30', '0', '2'],
      ['75', '30', '1', '2'],
    ]);
  });

  it('marks bookings outside the working hours (a Saturday, 22:10) in text, in their names too', async () => {
    api.appointments.add({ patientId: amina._id, start: '2026-03-07T09:00:00.000Z' });
    api.appointments.add({ patientId: bruno._id, start: '2026-03-03T21:10:00.000Z' });
    renderAgendaPage('?view=week&date=2026-03-02');
    const saturday = await screen.findByRole('region', { name: 'Saturday, March 7, 2026' });
    const tuesday = screen.getByRole('region', { name: 'Tuesday, March 3, 2026' });
    const monday = screen.getByRole('region', { name: 'Monday, March 2, 2026 · Today' });
    for (const [day, text] of [
      [saturday, '10:00 – 10:30 AM, Amina Yusuf, In person, Booked, ⚠ Outside working hours'],
      [tuesday, '10:10 – 10:40 PM, Bruno Costa, In person, Booked, ⚠ Outside working hours'],
    ] as const) {
      const [row] = within(day).getAllByRole('listitem');
      expect(row).toHaveAttribute('data-outside', 'true');
      expect(asRead(summaryOf(row!).textContent)).toBe(text);
      // Tab reads it too: the chart link is named by the whole line.
      const link = within(row!).getByRole('link', { name: readAs(text.replace('⚠ ', '')) });
      expect(asRead(link.textContent)).toMatch(/^(Amina Yusuf|Bruno Costa)$/);
    }
    expect(within(monday).queryByText('Outside working hours')).not.toBeInTheDocument();
  });

  it('draws the now-line on today only, for the eye only', async () => {
    fakeDateAt('2026-03-03T09:30:00Z');
    renderAgendaPage('?view=week&date=2026-03-02');
    const tuesday = await screen.findByRole('region', { name: 'Tuesday, March 3, 2026 · Today' });
    const lines = screen.getAllByTestId('now-line');
    expect(lines).toHaveLength(1);
    expect(tuesday).toContainElement(lines[0]!);
    expect(lines[0]).toHaveAttribute('aria-hidden', 'true');
    expect(lines[0]!.style.getPropertyValue('--top')).toBe('90');
  });

  it('links each patient to the chart and offers Start visit on open appointments', async () => {
    renderAgendaPage();
    const row = await item('Amina Yusuf');
    const chart = within(row).getByRole('link', {
      name: readAs('9:00 – 9:30 AM, Amina Yusuf, In person, Booked'),
    });
    expect(chart).toHaveAttribute('href', chartPath(amina._id));
    const start = within(row).getByRole('link', { name: 'Start visit' });
    expect(start).toHaveAccessibleDescription(/Amina Yusuf/);
    expect(start).toHaveAttribute(
      'href',
      chartPath(amina._id, { section: 'visits', startVisitFor: aminaAtNine._id }),
    );
  });

  it('marks a patient arrived, then fulfilled, from the menu: announced, focus kept on the appointment', async () => {
    renderAgendaPage();
    const row = await item('Amina Yusuf');
    expect(menuButtonOf(row)).toHaveAccessibleDescription(/Amina Yusuf/);
    const arrived = await choose(row, 'Mark arrived');
    await waitFor(() => expect(arrived).toHaveFocus());
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(within(row).getByText('Arrived')).toBeVisible());
    await waitFor(() => expect(summaryOf(row)).toHaveFocus());
    expect(announced()).toBe('Amina Yusuf, 9:00 – 9:30 AM: marked arrived.');
    const [put] = api.requestsTo('PUT', /^\/api\/appointments\/[^/]+$/);
    expect(put!.body).toMatchObject({ patientId: amina._id, status: 'arrived' });
    expect(put!.headers.get('If-Match')).toMatch(/^"2026-/);
    expect(within(row).getByRole('link', { name: 'Start visit' })).toBeVisible();

    await userEvent.click(await choose(row, 'Mark fulfilled'));
    await waitFor(() => expect(within(row).getByText('Fulfilled')).toBeVisible());
    expect(row).toHaveAttribute('data-status', 'fulfilled');
    expect(announced()).toBe('Amina Yusuf, 9:00 – 9:30 AM: marked fulfilled.');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Start visit' })).not.toBeInTheDocument();
  });

  it('opens the menu by keyboard: arrows move, Escape closes it and focus returns to its button', async () => {
    renderAgendaPage();
    const row = await item('Bruno Costa');
    const button = menuButtonOf(row);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu).not.toBeVisible();

    await choose(row, 'Mark arrived');
    expect(menu).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark arrived', 'Mark no-show', 'Reschedule', 'Cancel appointment']);
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('button', { name: 'Mark no-show' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('button', { name: 'Cancel appointment' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
    expect(api.requestsTo('PUT', /^\/api\/appointments\//)).toHaveLength(0);
  });

  it('cancels after asking, and can keep the appointment instead', async () => {
    renderAgendaPage();
    const row = await item('Bruno Costa');
    await userEvent.click(await choose(row, 'Cancel appointment'));
    const question = within(row).getByRole('group', {
      name: /^Cancel the appointment with .*Bruno Costa.* at 10:00/,
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(summaryOf(row)).toHaveFocus());
    expect(api.requestsTo('POST', /\/cancel$/)).toHaveLength(0);

    await userEvent.click(await choose(row, 'Cancel appointment'));
    const confirm = within(row).getByRole('button', { name: 'Yes, cancel it' });
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeVisible());
    await waitFor(() => expect(summaryOf(row)).toHaveFocus());
    expect(row).toHaveAttribute('data-status', 'cancelled');
    expect(announced()).toBe('Bruno Costa, 10:00 – 10:30 AM: cancelled.');
    expect(api.requestsTo('POST', /\/cancel$/)).toHaveLength(1);
    expect(within(row).queryByRole('link', { name: 'Start visit' })).not.toBeInTheDocument();
  });

  it('shows the week day by day and moves to the next week, in the address, announcing it', async () => {
    const { router } = renderAgendaPage('?view=week&date=2026-03-04');
    expect(
      await screen.findByRole('heading', { level: 2, name: /^March 2\s–\s8, 2026$/ }),
    ).toBeVisible();
    // The range heading shows at once; the days only once the week's appointments arrive.
    const days = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(days).toHaveLength(7);
    expect(days[0]).toBe('Monday, March 2, 2026 · Today');
    expect(days[6]).toBe('Sunday, March 8, 2026');
    const monday = screen.getByRole('region', { name: 'Monday, March 2, 2026 · Today' });
    expect(within(monday).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByText('No appointments.')).toHaveLength(6);

    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /^March 9\s–\s15, 2026$/ }),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?view=week&date=2026-03-11');
    await waitFor(() => expect(announced()).toBe('March 9 – 15, 2026: 0 appointments.'));
    expect(screen.getByRole('button', { name: 'Next week' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Day' }));
    expect(router.state.location.search).toBe('?view=day&date=2026-03-11');
    await router.navigate(-1);
    expect(
      await screen.findByRole('heading', { level: 2, name: /^March 9\s–\s15, 2026$/ }),
    ).toBeVisible();
  });

  it('reschedules: a clash names the other appointment, a free time moves it', async () => {
    renderAgendaPage();
    const row = await item('Amina Yusuf');
    await userEvent.click(await choose(row, 'Reschedule'));
    const form = within(row).getByRole('form', { name: /Reschedule the appointment with/ });
    await waitFor(() => expect(within(form).getByLabelText('New date')).toHaveFocus());
    await userEvent.click(within(form).getByRole('radio', { name: 'Another time' }));
    fireEvent.change(within(form).getByLabelText('Start time'), { target: { value: '10:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save new time' }));
    const alert = await within(form).findByRole('alert');
    expect(asRead(alert.textContent)).toBe(
      'This time overlaps the appointment with Bruno Costa on Monday, March 2, 2026 at 10:00 AM (until 10:30 AM). Choose another time.',
    );

    fireEvent.change(within(form).getByLabelText('Start time'), { target: { value: '11:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save new time' }));
    await waitFor(() =>
      expect(announced()).toBe('Amina Yusuf: rescheduled to Monday, March 2, 2026 at 11:00 AM.'),
    );
    const moved = await item('Amina Yusuf');
    await waitFor(() => expect(summaryOf(moved)).toHaveFocus());
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/Yusuf|Costa/).textContent)).toEqual([
      'Bruno Costa',
      'Amina Yusuf',
    ]);
  });
});
