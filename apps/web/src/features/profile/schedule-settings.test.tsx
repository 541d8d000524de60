import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { CALENDAR_FEED_URL, startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createUser, renderProfilePage } from './profile-test-helpers.tsx';

let user: TUser;
let api: FakeApi;

beforeEach(() => {
  user = createUser({ timeZone: 'Europe/Berlin' });
  api = startFakeApi({ user });
});

const scheduleBodies = () => api.requestsTo('PUT', /^\/api\/user\/schedule$/).map((r) => r.body);
const feedCalls = () =>
  api.requests.filter((r) => r.path === '/api/calendar-feed').map((r) => r.method);

async function scheduleForm() {
  return screen.findByRole('form', { name: 'Appointments and calendar' });
}

describe('Profile: schedule settings', () => {
  it('saves the time zone, working hours, reminder, the full-names choice and the portal reminder hours', async () => {
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
    await userEvent.selectOptions(
      within(form).getByLabelText('Reminder in CareBridge'),
      '48 hours before',
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
    expect(scheduleBodies()).toEqual([
      {
        timeZone: 'Africa/Cairo',
        workingHours: {
          ...DEFAULT_WORKING_HOURS,
          monday: null,
          saturday: { start: '10:00', end: '14:00' },
        },
        reminderMinutes: 60,
        calendarFullNames: true,
        reminderHours: 48,
      },
    ]);
  });

  it('says with the full-names switch that the names then go to the calendar service', async () => {
    renderProfilePage(user);
    const form = await scheduleForm();
    expect(
      within(form).getByRole('checkbox', {
        name: "Show patients' full names in the calendar feed",
      }),
    ).toHaveAccessibleDescription(
      'Off: the feed shows only initials and the kind of appointment, never the reason or the diagnosis. ' +
        'On: the full names go to the calendar service you subscribe with (Google Calendar, Apple Calendar or Outlook), which keeps them on its own servers under its own terms.',
    );
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
    expect(scheduleBodies()).toEqual([]);
  });

  it('turns the calendar feed on, shows its address once, and turns it off', async () => {
    renderProfilePage(user);
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(within(feed).getByText('The calendar feed is off.')).toBeVisible();
    await userEvent.click(within(feed).getByRole('button', { name: 'Turn on the calendar feed' }));

    const address = await within(feed).findByLabelText('Your private calendar address');
    expect(address).toHaveValue(CALENDAR_FEED_URL);
    await waitFor(() => expect(address).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe(
      'The calendar feed is on. Your private address is shown below.',
    );
    expect(within(feed).getByText('The calendar feed is on.')).toBeVisible();

    await userEvent.click(within(feed).getByRole('button', { name: 'Turn off the calendar feed' }));
    await waitFor(() => expect(within(feed).getByText('The calendar feed is off.')).toBeVisible());
    expect(within(feed).queryByLabelText('Your private calendar address')).not.toBeInTheDocument();
    expect(feedCalls()).toEqual(['POST', 'DELETE']);
  });

  it('copies the current address as its first action, and makes a new one only once asked', async () => {
    const person = userEvent.setup();
    renderProfilePage(user);
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    await person.click(within(feed).getByRole('button', { name: 'Turn on the calendar feed' }));
    await within(feed).findByLabelText('Your private calendar address');

    // Copy is the primary button; the new address is a secondary one.
    const copy = within(feed).getByRole('button', { name: 'Copy address' });
    const renew = within(feed).getByRole('button', { name: 'Make a new address' });
    expect(copy.className).toMatch(/primary/);
    expect(renew.className).toMatch(/secondary/);
    await person.click(copy);
    expect(await navigator.clipboard.readText()).toBe(CALENDAR_FEED_URL);
    expect(currentAnnouncement()?.text).toBe('The address was copied.');

    // A new address is asked about first (the current one would stop working); keeping it asks nothing.
    await person.click(renew);
    const question = within(feed).getByRole('group', {
      name: 'Make a new address? The current one stops working at once, in every calendar subscribed with it.',
    });
    expect(within(question).getByRole('button', { name: 'Yes, make a new address' })).toHaveFocus();
    await person.click(within(question).getByRole('button', { name: 'Keep the current address' }));
    await waitFor(() =>
      expect(within(feed).getByRole('button', { name: 'Make a new address' })).toHaveFocus(),
    );
    expect(feedCalls()).toEqual(['POST']);

    await person.click(within(feed).getByRole('button', { name: 'Make a new address' }));
    await person.click(within(feed).getByRole('button', { name: 'Yes, make a new address' }));
    await waitFor(() => expect(feedCalls()).toEqual(['POST', 'POST']));
    expect(within(feed).queryByRole('group')).not.toBeInTheDocument();
  });
});
