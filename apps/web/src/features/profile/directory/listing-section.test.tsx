import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES } from '@portal/shared/directory';
import { storedPractice } from '@portal/shared/practice.factories';
import i18n from '../../../i18n/i18n.ts';
import { fill } from '../../../test/user-input.ts';
import { createUser, openProfilePage } from '../profile-test-helpers.tsx';

const section = async (name = 'Public listing') =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

const preview = () =>
  within(screen.getByRole('heading', { name: 'Preview of your public card' }).closest('section')!);

/** The practitioner of these cases: a practice in Porto, no picture. */
const practitioner = () => createUser({ name: 'Dr. Ana Costa', practice: storedPractice() });

describe('the Public listing section of the profile', () => {
  it('says there is no listing yet, and previews the card with the profile’s name and the practice’s city', async () => {
    openProfilePage(practitioner());
    const listing = await section();
    expect(
      await listing.findByText('You have not made a listing yet. Choose Edit listing to make one.'),
    ).toBeVisible();
    expect(preview().getByRole('heading', { level: 4, name: 'Dr. Ana Costa' })).toBeVisible();
    expect(preview().getByText('Porto')).toBeVisible();
  });

  it('saves a listing chosen in the form, shows it waiting for review, and previews what is typed as it is typed', async () => {
    const { api } = openProfilePage(practitioner());
    const clinic = api.directoryAdmin.addFacility({ name: 'Clínica Boavista', city: 'Lisboa' });
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Edit listing' }));
    await user.click(screen.getByLabelText('Show me in the public directory'));
    await user.selectOptions(screen.getByLabelText('Place of work'), 'Clínica Boavista');
    await user.click(screen.getByLabelText('Cardiology'));
    await user.click(screen.getByLabelText('Portuguese'));
    await user.click(screen.getByLabelText('Video'));
    await user.click(screen.getByLabelText('On request'));
    await fill(user, screen.getByLabelText('Introduction'), 'Heart care in Lisbon.');
    // The preview follows the form before anything is saved.
    expect(preview().getByText('Cardiology')).toBeVisible();
    expect(preview().getByText('Clínica Boavista, Lisboa')).toBeVisible();
    expect(preview().getByText('Heart care in Lisbon.')).toBeVisible();
    expect(preview().getByText('On request, confirmed by the practitioner')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save listing' }));
    expect(await screen.findByText('Your listing has been saved.')).toBeVisible();
    expect(api.requestsTo('PUT', /^\/api\/user\/listing$/)[0]!.body).toEqual({
      listed: true,
      facilityId: clinic._id,
      specialties: ['394579002'],
      languages: ['pt'],
      bio: 'Heart care in Lisbon.',
      visitKinds: ['video'],
      onlineBooking: 'request',
    });
    const listing = await section();
    expect(await listing.findByText('Waiting for review')).toBeVisible();
    expect(listing.getByRole('button', { name: 'Edit listing' })).toHaveFocus();
  });

  it('refuses to list without a specialty, a language or a kind of visit, with the shared messages, saving nothing', async () => {
    const { api } = openProfilePage(practitioner());
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Edit listing' }));
    await user.click(screen.getByLabelText('Show me in the public directory'));
    await user.click(screen.getByRole('button', { name: 'Save listing' }));
    const summary = await screen.findByRole('group', { name: /problem/ });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(DIRECTORY_MESSAGES.specialtiesRequired);
    expect(summary).toHaveTextContent(DIRECTORY_MESSAGES.languagesRequired);
    expect(summary).toHaveTextContent(DIRECTORY_MESSAGES.visitKindsRequired);
    expect(screen.getByRole('group', { name: 'Specialties' })).toHaveAccessibleDescription(
      expect.stringContaining(DIRECTORY_MESSAGES.specialtiesRequired),
    );
    expect(api.requestsTo('PUT', /^\/api\/user\/listing$/)).toEqual([]);
  });

  it('shows a rejection with the reviewer’s reason', async () => {
    const { api } = openProfilePage(practitioner());
    api.directoryAdmin.listing = {
      ...api.directoryAdmin.listing,
      listed: true,
      specialties: ['394579002'],
      languages: ['en'],
      visitKinds: ['in-person'],
      reviewStatus: 'rejected',
      rejectionReason: 'The registration number is missing.',
      publicId: '9b2f1c1e-5d6a-4f1b-8c3e-2a7d9e0f1b2c',
    };
    const listing = await section();
    expect(await listing.findByText('Rejected')).toBeVisible();
    expect(listing.getByText('The registration number is missing.')).toBeVisible();
    expect(listing.getAllByText('In person')).toHaveLength(2);
  });

  it('names specialties in the reader’s language and reads right to left in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { api } = openProfilePage(practitioner());
    api.directoryAdmin.listing = {
      ...api.directoryAdmin.listing,
      specialties: ['394579002'],
      publicId: '9b2f1c1e-5d6a-4f1b-8c3e-2a7d9e0f1b2c',
    };
    const listing = await section('الإدراج العام');
    expect(await listing.findAllByText('أمراض القلب')).not.toHaveLength(0);
    expect(listing.getByText('بانتظار المراجعة')).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it.each([
    ['fr', 'Fiche publique', 'Cardiologie'],
    ['de', 'Öffentlicher Eintrag', 'Kardiologie'],
    ['zh-CN', '公开名录信息', '心脏病科'],
  ])('reads in %s', async (language, title, cardiology) => {
    await i18n.changeLanguage(language);
    const { api } = openProfilePage(practitioner());
    api.directoryAdmin.listing = { ...api.directoryAdmin.listing, specialties: ['394579002'] };
    const listing = await section(title);
    expect(await listing.findAllByText(cardiology)).not.toHaveLength(0);
  });
});
