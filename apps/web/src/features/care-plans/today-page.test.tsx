import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { TodayPage } from './today-page.tsx';

describe('TodayPage', () => {
  it('lists due and overdue activities across patients, oldest first, and marks one skipped', async () => {
    const user = userEvent.setup();
    const member = createTestUser({ premiumMember: true });
    const api = startFakeApi({ user: member });
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
    api.carePlans.add(amina._id, {
      title: 'Diabetes',
      activities: [{ title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=MONTHLY;INTERVAL=3' }],
    });
    api.carePlans.add(bruno._id, {
      title: 'Hypertension',
      activities: [{ title: 'Blood pressure', start: '2026-04-14', rrule: '' }],
    });
    renderWithApp(<TodayPage />, { path: '/today', user: member });
    const list = await screen.findByRole('list', { name: 'Today' });
    await within(list).findByText('Blood pressure');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Amina Yusuf · DiabetesHbA1c testJan 15, 2026Overdue'),
      expect.stringContaining('Bruno Costa · HypertensionBlood pressureApr 14, 2026Overdue'),
      expect.stringContaining('Amina Yusuf · DiabetesHbA1c testApr 15, 2026Due today'),
    ]);
    await user.click(
      within(list).getByRole('button', {
        name: 'Skip: Bruno Costa · Hypertension: Blood pressure, Apr 14, 2026',
      }),
    );
    await waitFor(() => expect(currentAnnouncement()?.text).toBe('Blood pressure skipped.'));
    // Skipped, it leaves the list of what is due; focus goes to the item that takes its place.
    await waitFor(() => expect(within(list).queryByText('Blood pressure')).toBeNull());
    expect(
      within(list).getByRole('button', {
        name: 'Mark done: Amina Yusuf · Diabetes: HbA1c test, Apr 15, 2026',
      }),
    ).toHaveFocus();
  });

  it('explains Premier to a non-member and links to /premier', async () => {
    const user = userEvent.setup();
    const guest = createTestUser({ premiumMember: false });
    startFakeApi({ user: guest });
    renderWithApp(<TodayPage />, { path: '/today', user: guest });
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Care plans are a Premier feature' }),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'See what Premier adds' }));
    expect(await screen.findByText('Premier page')).toBeVisible();
  });
});
