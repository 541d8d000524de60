import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES } from '@portal/shared/directory';
import type { TReviewItem } from '@portal/shared/directory-review';
import i18n from '../../i18n/i18n.ts';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { DirectoryReviewPage } from './directory-review-page.tsx';

const LISTING: TReviewItem = {
  kind: 'listings',
  _id: '3c9d7a10-1b2e-4c3d-8e4f-5a6b7c8d9e01',
  doctor: {
    publicId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'Dr. Omar Saleh',
    picture: null,
    specialties: ['394579002'],
    languages: ['ar', 'en'],
    bio: 'Cardiologist in Porto.',
    visitKinds: ['in-person', 'video'],
    onlineBooking: 'request',
    facility: null,
    city: 'Porto',
    country: 'PT',
  },
  account: { email: 'omar@example.test', registrationNumber: 'OM 54321', practiceName: null },
  updatedAt: '2026-03-02T09:00:00.000Z',
};

const FACILITY: TReviewItem = {
  kind: 'facilities',
  _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  facility: {
    _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    kind: 'pharmacy',
    name: 'Farmácia Central',
    address: 'Praça da Liberdade 1',
    city: 'Porto',
    country: 'PT',
    phone: '+351221234567',
    coordinates: null,
  },
  owner: { name: 'Olga Owner', email: 'olga@example.test' },
  updatedAt: '2026-03-02T10:00:00.000Z',
};

const reviewer = () => createTestUser({ isDirectoryReviewer: true });

function openReviewPage(user = reviewer()) {
  const api = startFakeApi({ user });
  api.directoryAdmin.queue.push(LISTING, FACILITY);
  return {
    api,
    ...renderWithApp(<DirectoryReviewPage />, {
      path: '/directory/review',
      user,
      routes: [{ path: '/not-found', element: <h1>Not found page</h1> }],
    }),
  };
}

describe('/directory/review', () => {
  it('lists pending listings with the registration number and facilities with their owner', async () => {
    openReviewPage();
    const listing = within(
      (await screen.findByRole('heading', { level: 3, name: 'Dr. Omar Saleh' })).closest('li')!,
    );
    expect(listing.getByText('OM 54321')).toBeVisible();
    expect(listing.getByText('omar@example.test')).toBeVisible();
    expect(listing.getByText('Cardiology')).toBeVisible();
    const facility = within(
      screen.getByRole('heading', { name: 'Farmácia Central' }).closest('li')!,
    );
    expect(facility.getByText('Pharmacy')).toBeVisible();
    expect(facility.getByText('olga@example.test')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Listings waiting: 1' })).toBeVisible();
  });

  it('approves a listing: the queue updates, the result is announced and focus goes to the group', async () => {
    const { api } = openReviewPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Dr. Omar Saleh' }));
    expect(await screen.findByRole('heading', { name: 'Listings waiting: 0' })).toHaveFocus();
    expect(screen.getByText('No listing waits for review.')).toBeVisible();
    expect(currentAnnouncement()?.text).toBe('Dr. Omar Saleh approved: it is now public.');
    const [sent] = api.requestsTo('POST', /\/approve$/);
    expect(sent!.path).toBe(`/api/directory/review/listings/${LISTING._id}/approve`);
    expect(sent!.headers.get('if-match')).toBe(`"${LISTING.updatedAt}"`);
  });

  it('decides only the version it showed: a listing its owner changed meanwhile is refused and shown again', async () => {
    const { api } = openReviewPage();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Approve Dr. Omar Saleh' });
    api.directoryAdmin.queue[0] = { ...LISTING, updatedAt: '2026-03-02T11:00:00.000Z' };
    await user.click(button);
    expect(
      await screen.findByText(
        'Its owner changed it after you opened it. The list now shows the new version: read it before you decide.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Approve Dr. Omar Saleh' })).toBeVisible();
    expect(api.directoryAdmin.queue).toHaveLength(2);
  });

  it('rejects with a reason asked in a dialog that keeps focus, and refuses an empty reason', async () => {
    const { api } = openReviewPage();
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Reject Farmácia Central' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Reject Farmácia Central' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    // Escape closes it and gives focus back.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await user.click(opener);
    const again = screen.getByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Reject' }));
    expect(within(again).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining(DIRECTORY_MESSAGES.reasonRequired),
    );
    expect(api.requestsTo('POST', /\/reject$/)).toEqual([]);
    // Tab stays inside the dialog.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(again).toContainElement(document.activeElement as HTMLElement);

    await fill(user, within(again).getByLabelText('Reason'), 'The address is incomplete.');
    await user.click(within(again).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Facilities waiting: 0' })).toHaveFocus();
    expect(api.requestsTo('POST', /\/reject$/)[0]!.body).toEqual({
      reason: 'The address is incomplete.',
    });
    expect(currentAnnouncement()?.text).toBe(
      'Farmácia Central rejected. The owner sees your reason.',
    );
  });

  it('sends anyone who is not a reviewer to the 404 page without asking the API', async () => {
    const { api } = openReviewPage(createTestUser());
    expect(await screen.findByText('Not found page')).toBeVisible();
    expect(api.requestsTo('GET', /^\/api\/directory\/review/)).toEqual([]);
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openReviewPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'مراجعة الدليل' })).toBeVisible();
    expect(await screen.findByText('أمراض القلب')).toBeVisible();
    expect(screen.getByRole('button', { name: 'الموافقة على Dr. Omar Saleh' })).toBeVisible();
  });
});
