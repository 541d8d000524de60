import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { asRead } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import ReminderBell from './reminder-bell.tsx';

const PRACTITIONER = createTestUser({ timeZone: 'Europe/Berlin', premiumMember: true });
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: PRACTITIONER });
});

const renderBell = () =>
  renderWithApp(<ReminderBell />, {
    user: PRACTITIONER,
    routes: [{ path: '/appointments', element: <p>Agenda page</p> }],
  });

describe('ReminderBell', () => {
  it('shows and announces the unread count, lists reminders, and marks one and then all read', async () => {
    api.reminders.add({
      patientName: 'Bruno Costa',
      eventAt: '2026-03-03T08:00:00.000Z',
      localEventAt: '2026-03-03T09:00',
    });
    const amina = api.reminders.add({ patientName: 'Amina Yusuf' });
    const user = userEvent.setup();
    renderBell();

    const bell = await screen.findByRole('button', { name: 'Reminders, 2 unread' });
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('You have 2 unread reminders.'));
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Reminders' });
    const items = await within(panel).findAllByRole('listitem');
    // As read: the isolates around the name and the date left out, Intl's narrow spaces plain.
    expect(items.map((item) => asRead(item.querySelector('p')?.textContent))).toEqual([
      expect.stringMatching(/^New: Appointment with Amina Yusuf, Mar 2, 2026, 10:00/),
      expect.stringMatching(/^New: Appointment with Bruno Costa, Mar 3, 2026, 9:00/),
    ]);
    // At the patient's appointments in their chart.
    expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `/records/patients/${amina.patientId}#appointments`,
    );

    await user.click(within(items[0]!).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByRole('button', { name: 'Reminders, 1 unread' })).toBe(bell);
    await waitFor(() =>
      expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveFocus(),
    );
    expect(api.requestsTo('POST', new RegExp(`/api/reminders/${amina._id}/read$`))).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Reminders, none unread' })).toBe(bell);
    await waitFor(() => expect(bell).toHaveFocus());
    expect(within(panel).queryByRole('button', { name: 'Mark read' })).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Reminders' })).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('names a care-plan activity, dates it without a time and opens it at its plan in the chart', async () => {
    const due = api.reminders.add({
      source: 'care-plan-activity',
      patientName: 'Amina Yusuf',
      carePlanId: 'c0ffee00-0000-4000-8000-000000000001',
      activityTitle: 'HbA1c test',
      // The start of the day it is due on the practitioner's clock (midnight in Berlin).
      eventAt: '2026-06-14T22:00:00.000Z',
      localEventAt: '2026-06-15T00:00',
    });
    const removed = api.reminders.add({ source: 'care-plan-activity', patientName: 'Bruno Costa' });
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Reminders, 2 unread' }));
    const panel = await screen.findByRole('region', { name: 'Reminders' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => asRead(item.querySelector('p')?.textContent))).toEqual([
      'New: Care-plan activity for Bruno Costa due Mar 2, 2026',
      'New: HbA1c test for Amina Yusuf due Jun 15, 2026',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `/records/patients/${due.patientId}#care-plan-c0ffee00-0000-4000-8000-000000000001`,
    );
    // An activity no longer in its plan: the patient's care plans.
    expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `/records/patients/${removed.patientId}#care-plans`,
    );
  });

  it('announces the unread count in the reader’s language, with its plural', async () => {
    await i18n.changeLanguage('ar');
    for (let index = 0; index < 3; index += 1) api.reminders.add();
    renderBell();
    await screen.findByRole('button', { name: 'التذكيرات، 3 غير مقروءة' });
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('لديك 3 تذكيرات غير مقروءة.'));
  });

  it('reads a single unread reminder out in the singular', async () => {
    api.reminders.add();
    renderBell();
    await screen.findByRole('button', { name: 'Reminders, 1 unread' });
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('You have 1 unread reminder.'));
  });

  it('asks again at the pace the server makes reminders (its sweep) and announces what came', async () => {
    api = startFakeApi({ user: PRACTITIONER, config: { remindersSweepSeconds: 2 } });
    api.reminders.add({ patientName: 'Bruno Costa' });
    // The page's clock runs on, and the test moves it one sweep ahead: well short of the
    // minute an open page waited before.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderBell();
      await screen.findByRole('button', { name: 'Reminders, 1 unread' });
      await waitFor(() => expect(currentAnnouncement()?.text).toBe('You have 1 unread reminder.'));
      api.reminders.add({ patientName: 'Amina Yusuf' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByRole('button', { name: 'Reminders, 2 unread' })).toBeVisible();
      await waitFor(() => expect(currentAnnouncement()?.text).toBe('You have 2 unread reminders.'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says reminders are part of Premier, with a link, when the API answers 402', async () => {
    api.on('GET', /\/api\/reminders$/, () =>
      json(
        { message: 'Premier membership is required.', code: 'PREMIUM_REQUIRED' },
        { status: 402 },
      ),
    );
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Reminders, none unread' });
    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Reminders' });
    expect(
      await within(panel).findByText('Reminders are part of Premier membership.'),
    ).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'See what Premier adds' })).toHaveAttribute(
      'href',
      '/premier',
    );
  });

  it('asks nothing for a non-member and explains Premier when opened', async () => {
    const guestOfPremium = createTestUser({ premiumMember: false });
    api = startFakeApi({ user: guestOfPremium });
    const user = userEvent.setup();
    renderWithApp(<ReminderBell />, { user: guestOfPremium });
    await user.click(await screen.findByRole('button', { name: 'Reminders, none unread' }));
    const panel = await screen.findByRole('region', { name: 'Reminders' });
    expect(
      await within(panel).findByText('Reminders are part of Premier membership.'),
    ).toBeVisible();
    expect(api.requestsTo('GET', /^\/api\/reminders/)).toEqual([]);
  });

  it('says when there are none yet', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Reminders, none unread' }));
    expect(await screen.findByText(/No reminders yet/)).toBeVisible();
  });
});
