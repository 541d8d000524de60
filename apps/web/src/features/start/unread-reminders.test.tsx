import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TReminder, TReminderList } from '@portal/shared/reminder';
import { createTestUser } from '../../test/factories.ts';
import { asRead, itemTexts } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { UnreadReminders } from './unread-reminders.tsx';

const AMINA = '0d4f6c2a-1b3e-4a5d-8c7f-9e0a1b2c3d4e';
const BRUNO = '1e5a7d3b-2c4f-4b6e-9d8a-0f1b2c3d4e5f';

let sequence = 0;
function reminder(overrides: Partial<TReminder> = {}): TReminder {
  sequence += 1;
  const id = `e1f2a3b4-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
  return {
    _id: id,
    source: 'appointment',
    sourceId: id,
    patientId: AMINA,
    patientName: 'Amina Yusuf',
    carePlanId: null,
    activityTitle: null,
    eventAt: '2026-03-02T09:00:00.000Z',
    localEventAt: '2026-03-02T10:00',
    timeZone: 'Europe/Berlin',
    createdAt: '2026-03-01T09:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

const listOf = (reminders: TReminder[], unreadCount?: number): TReminderList => ({
  reminders,
  unreadCount: unreadCount ?? reminders.filter((one) => one.readAt === null).length,
});

const renderPanel = (props: Partial<Parameters<typeof UnreadReminders>[0]>) =>
  renderWithApp(
    <UnreadReminders list={listOf([])} hasFailed={false} onRetry={() => {}} {...props} />,
    { path: '/records', user: createTestUser({ premiumMember: true }) },
  );

const panel = () => screen.getByRole('region', { name: /^Unread reminders/ });

describe('UnreadReminders', () => {
  it('lists the unread ones with their count and when (an activity by its day), each linking to its place in the chart', () => {
    renderPanel({
      list: listOf([
        reminder({ source: 'care-plan-activity', patientId: BRUNO, patientName: 'Bruno Costa' }),
        reminder({ readAt: '2026-03-01T10:00:00.000Z', patientName: 'Read Already' }),
        reminder(),
      ]),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Unread reminders 2' })).toBeVisible();
    expect(itemTexts(within(panel()).getByRole('list')).map(asRead)).toEqual([
      'Bruno CostaCare-plan activity due Mar 2, 2026',
      'Amina YusufAppointment, Mar 2, 2026, 10:00 AM',
    ]);
    expect(within(panel()).getByRole('link', { name: 'Bruno Costa' })).toHaveAttribute(
      'href',
      `/records/patients/${BRUNO}#care-plans`,
    );
    expect(within(panel()).getByRole('link', { name: 'Amina Yusuf' })).toHaveAttribute(
      'href',
      `/records/patients/${AMINA}#appointments`,
    );
  });

  it('says when none is unread', () => {
    renderPanel({ list: listOf([reminder({ readAt: '2026-03-01T10:00:00.000Z' })]) });
    expect(screen.getByRole('heading', { level: 2, name: 'Unread reminders 0' })).toBeVisible();
    expect(within(panel()).getByText('No unread reminders.')).toBeVisible();
    expect(within(panel()).queryByRole('list')).toBeNull();
  });

  it('shows loading until the answer is in', () => {
    renderPanel({ list: undefined });
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading reminders…');
  });

  it('says the load failed, in the panel, and tries again on request', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderPanel({ list: undefined, hasFailed: true, onRetry });
    const alert = within(panel()).getByRole('alert');
    expect(alert).toHaveTextContent('The reminders could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('lists the newest 8 and says how many more the bell holds', () => {
    renderPanel({
      list: listOf(
        Array.from({ length: 10 }, () => reminder()),
        12,
      ),
    });
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(8);
    expect(
      within(panel()).getByText('4 more in the reminders at the top of the page.'),
    ).toBeVisible();
  });
});
