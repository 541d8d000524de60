import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, type TAppointment } from '@portal/shared/appointment';
import i18n from '../../i18n/i18n.ts';
import { fakeDateAt, MONDAY_MORNING_IN_BERLIN } from '../../test/clock.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { announced, asRead } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { AgendaPage } from './agenda-page.tsx';

const PRACTITIONER = createTestUser({ timeZone: 'Europe/Berlin' });
let api: FakeApi;
let request: TAppointment;

beforeEach(() => {
  fakeDateAt(MONDAY_MORNING_IN_BERLIN);
  api = startFakeApi({ user: PRACTITIONER });
  const omar = api.patients.insert(patientInput({ name: 'Omar Saleh' }));
  request = api.appointments.addRequest(
    { patientId: omar._id, start: '2026-03-02T13:00:00.000Z', kind: 'video', reason: 'Rash' },
    '2026-03-03T09:00:00.000Z',
  );
});

const renderAgenda = () =>
  renderWithApp(<AgendaPage />, { path: '/appointments', user: PRACTITIONER });

async function requestItem() {
  return (await screen.findByText('Omar Saleh')).closest('li')!;
}

describe('requests from online booking in the agenda', () => {
  it('marks a request in words, with its deadline, not by colour alone', async () => {
    renderAgenda();
    const item = await requestItem();
    expect(item).toHaveAttribute('data-status', 'requested');
    expect(asRead(item.querySelector('p')!.textContent)).toBe(
      '2:00 – 2:30 PM, Omar Saleh, Video, ? Requested, Waits for your answer until Tuesday, March 3, 2026 at 10:00 AM',
    );
    expect(within(item).getByRole('button', { name: 'Confirm' })).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Decline' })).toBeVisible();
    expect(within(item).queryByRole('button', { name: /^Actions/ })).toBeNull();
  });

  it('confirms with If-Match: the appointment is booked, the outcome announced, focus on it', async () => {
    renderAgenda();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(announced()).toBe('Omar Saleh, 2:00 – 2:30 PM: request confirmed, now booked.'),
    );
    const item = await requestItem();
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'booked'));
    expect(item.querySelector('p')).toHaveFocus();
    const [confirm] = api.requestsTo('POST', /\/confirm$/);
    expect(confirm!.path).toBe(`/api/appointments/${request._id}/confirm`);
    expect(confirm!.headers.get('If-Match')).toBe(`"${request.updatedAt}"`);
  });

  it('declines with an optional message for the patient, asked in place', async () => {
    renderAgenda();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: 'Decline' }));
    const message = screen.getByLabelText('Message to the patient (optional)');
    expect(message).toHaveFocus();
    await fill(user, message, 'x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining(APPOINTMENT_MESSAGES.declineMessageTooLong),
    );
    expect(api.requestsTo('POST', /\/decline$/)).toEqual([]);
    await fill(user, message, 'Please book on Thursday instead.');
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(announced()).toBe('Omar Saleh, 2:00 – 2:30 PM: request declined.'));
    const item = await requestItem();
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'cancelled'));
    expect(item.querySelector('p')).toHaveFocus();
    expect(api.requestsTo('POST', /\/decline$/)[0]!.body).toEqual({
      message: 'Please book on Thursday instead.',
    });
  });

  it('keeps the request when the reader keeps it, focus back on it', async () => {
    renderAgenda();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect((await requestItem()).querySelector('p')).toHaveFocus();
    expect(api.requestsTo('POST', /\/decline$/)).toEqual([]);
  });

  it('says so when the request was answered meanwhile', async () => {
    renderAgenda();
    const user = userEvent.setup();
    const item = await requestItem();
    Object.assign(
      api.appointments.appointments.find((a) => a._id === request._id)!,
      {
        status: 'booked',
      },
    );
    await user.click(within(item).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'This request is no longer waiting for an answer (it was answered or it expired). The agenda has been refreshed.',
      ),
    ).toBeVisible();
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderAgenda();
    const item = await requestItem();
    expect(within(item).getByRole('button', { name: 'تأكيد' })).toBeVisible();
    expect(within(item).getByText(/ينتظر ردك حتى/)).toBeVisible();
  });
});
