import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WORKING_HOURS, ZScheduleInput } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createUser, fakeProfileServer, renderProfilePage } from './profile-test-helpers.tsx';

const FEED_URL = 'http://localhost:3000/api/calendar/Zx8f3kQ1r9TqvB2m7YwLs5nD0aHcJ4uE.ics';

let user: TUser;
let scheduleBodies: unknown[];
let feedCalls: string[];

/** The profile server, plus the schedule and calendar-feed routes of issue 16. */
beforeEach(() => {
  user = createUser({ timeZone: 'Europe/Berlin' });
  fakeProfileServer(user);
  const profileFetch = globalThis.fetch;
  scheduleBodies = [];
  feedCalls = [];
  const reply = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (request.method === 'PUT' && pathname === '/api/user/schedule') {
        const body: unknown = await request.json();
        scheduleBodies.push(body);
        const parsed = ZScheduleInput.parse(body);
        user = { ...user, ...parsed, updatedAt: '2026-03-02T10:00:00.000Z' } as TUser;
        return reply(200, { user });
      }
      if (pathname === '/api/calendar-feed') {
        feedCalls.push(request.method);
        if (request.method === 'POST') return reply(200, { url: FEED_URL });
        return reply(204);
      }
      return profileFetch(request);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function scheduleForm() {
  return screen.findByRole('form', { name: 'Appointments and calendar' });
}

describe('Profile: schedule settings', () => {
  it('saves the time zone, working hours, reminder and the full-names choice', async () => {
    renderProfilePage(user);
    const form = await scheduleForm();
    expect(within(form).getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'Africa/Cairo');

    const monday = within(form).getByRole('group', { name: 'Monday' });
    await userEvent.click(within(monday).getByRole('checkbox', { name: 'Working day' }));
    expect(within(monday).queryByLabelText('From')).not.toBeInTheDocument();
    const saturday = within(form).getByRole('group', { name: 'Saturday' });
    await userEvent.click(within(saturday).getByRole('checkbox', { name: 'Working day' }));
    fireEvent.change(within(saturday).getByLabelText('From'), { target: { value: '10:00' } });
    fireEvent.change(within(saturday).getByLabelText('Until'), { target: { value: '14:00' } });

    await userEvent.selectOptions(
      within(form).getByLabelText('Calendar reminder'),
      '1 hour before',
    );
    await userEvent.click(
      within(form).getByRole('checkbox', {
        name: "Show patients' full names in the calendar feed",
      }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save schedule' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Your schedule has been saved.',
    );
    expect(scheduleBodies).toEqual([
      {
        timeZone: 'Africa/Cairo',
        workingHours: {
          ...DEFAULT_WORKING_HOURS,
          monday: null,
          saturday: { start: '10:00', end: '14:00' },
        },
        reminderMinutes: 60,
        calendarFullNames: true,
      },
    ]);
  });

  it('says when a day ends before it starts, and saves nothing', async () => {
    renderProfilePage(user);
    const form = await scheduleForm();
    const tuesday = within(form).getByRole('group', { name: 'Tuesday' });
    fireEvent.change(within(tuesday).getByLabelText('Until'), { target: { value: '08:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(within(tuesday).getByLabelText('Until')).toHaveAccessibleDescription(
      'Working hours must run from a start time to a later end time (HH:MM).',
    );
    await waitFor(() =>
      expect(within(tuesday).getByRole('checkbox', { name: 'Working day' })).toHaveFocus(),
    );
    expect(scheduleBodies).toEqual([]);
  });

  it('turns the calendar feed on, shows its address once, and turns it off', async () => {
    renderProfilePage(user);
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(within(feed).getByText('The calendar feed is off.')).toBeVisible();
    await userEvent.click(within(feed).getByRole('button', { name: 'Turn on the calendar feed' }));

    const address = await within(feed).findByLabelText('Your private calendar address');
    expect(address).toHaveValue(FEED_URL);
    await waitFor(() => expect(address).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe(
      'The calendar feed is on. Your private address is shown below.',
    );
    expect(within(feed).getByText('The calendar feed is on.')).toBeVisible();

    await userEvent.click(within(feed).getByRole('button', { name: 'Turn off the calendar feed' }));
    await waitFor(() => expect(within(feed).getByText('The calendar feed is off.')).toBeVisible());
    expect(within(feed).queryByLabelText('Your private calendar address')).not.toBeInTheDocument();
    expect(feedCalls).toEqual(['POST', 'DELETE']);
  });
});
