import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TPatient } from '@portal/shared/patient';
import { AgendaPage } from './agenda-page.tsx';
import { fakeDateAt, MONDAY_MORNING_IN_BERLIN } from '../../test/clock.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { announced, asRead } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

/** A practitioner in Berlin: the screens show every time on this clock. */
const PRACTITIONER = createTestUser({ timeZone: 'Europe/Berlin' });
let api: FakeApi;
let amina: TPatient;
let bruno: TPatient;

beforeEach(() => {
  fakeDateAt(MONDAY_MORNING_IN_BERLIN);
  api = startFakeApi({ user: PRACTITIONER });
  amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
  api.appointments.add({ patientId: bruno._id, start: '2026-03-02T09:00:00.000Z', kind: 'video' });
  api.appointments.add({
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
      '9:00 – 9:30 AMAmina YusufIn personBooked',
      '10:00 – 10:30 AMBruno CostaVideoBooked',
    ]);
    expect(within(rows[0]!).getByText('Check-up')).toBeVisible();
    expect(screen.getByText('Times are in your time zone, Europe/Berlin.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks a patient arrived, then fulfilled: announced, focus kept on the appointment', async () => {
    renderAgendaPage();
    const row = await item('Amina Yusuf');
    const arrived = within(row).getByRole('button', { name: 'Mark arrived' });
    expect(arrived).toHaveAccessibleDescription(/Amina Yusuf/);
    await userEvent.click(arrived);

    await waitFor(() => expect(within(row).getByText('Arrived')).toBeVisible());
    await waitFor(() => expect(summaryOf(row)).toHaveFocus());
    expect(announced()).toBe('Amina Yusuf, 9:00 – 9:30 AM: marked arrived.');
    const [put] = api.requestsTo('PUT', /^\/api\/appointments\/[^/]+$/);
    expect(put!.body).toMatchObject({ patientId: amina._id, status: 'arrived' });
    expect(put!.headers.get('If-Match')).toMatch(/^"2026-/);

    await userEvent.click(within(row).getByRole('button', { name: 'Mark fulfilled' }));
    await waitFor(() => expect(within(row).getByText('Fulfilled')).toBeVisible());
    expect(announced()).toBe('Amina Yusuf, 9:00 – 9:30 AM: marked fulfilled.');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels after asking, and can keep the appointment instead', async () => {
    renderAgendaPage();
    const row = await item('Bruno Costa');
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel appointment' }));
    const question = within(row).getByRole('group', {
      name: /^Cancel the appointment with .*Bruno Costa.* at 10:00/,
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(summaryOf(row)).toHaveFocus());
    expect(api.requestsTo('POST', /\/cancel$/)).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel appointment' }));
    const confirm = within(row).getByRole('button', { name: 'Yes, cancel it' });
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeVisible());
    await waitFor(() => expect(summaryOf(row)).toHaveFocus());
    expect(announced()).toBe('Bruno Costa, 10:00 – 10:30 AM: cancelled.');
    expect(api.requestsTo('POST', /\/cancel$/)).toHaveLength(1);
  });

  it('shows the week day by day and moves to the next week, announcing it', async () => {
    renderAgendaPage('?view=week&date=2026-03-04');
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
    await waitFor(() => expect(announced()).toBe('March 9 – 15, 2026: 0 appointments.'));
    expect(screen.getByRole('button', { name: 'Next week' })).toHaveFocus();
  });

  it('reschedules: a clash names the other appointment, a free time moves it', async () => {
    renderAgendaPage();
    const row = await item('Amina Yusuf');
    await userEvent.click(within(row).getByRole('button', { name: 'Reschedule' }));
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
