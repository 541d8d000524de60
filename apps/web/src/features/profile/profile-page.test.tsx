import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { startFakeApi } from '../../test/fake-api.ts';
import { expectEach } from '../../test/queries.ts';
import {
  createUser,
  detail,
  detailText,
  openProfilePage,
  renderProfilePage,
} from './profile-test-helpers.tsx';

describe('ProfilePage read view', () => {
  it('shows the title, the section and every field of the saved profile', async () => {
    openProfilePage();

    expect(screen.getByRole('heading', { level: 1, name: 'User Profile' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeInTheDocument();
    // The name shows in the personal information (and in the public listing's preview).
    expect((await screen.findAllByText('Dr. Amina Yusuf'))[0]).toBeInTheDocument();
    expectEach(detailText, {
      Name: 'Dr. Amina Yusuf',
      Email: 'amina@example.com',
      Age: '41',
      Gender: 'Female',
      Address: '12 Harbour Road, Lagos',
      Phone: '5551234567',
    });
  });

  it('shows the picture when there is one and a neutral avatar otherwise', async () => {
    openProfilePage(createUser({ picture: 'https://images.example.com/amina.jpg' }));
    const image = await screen.findByRole('img', { name: 'Profile picture of Dr. Amina Yusuf' });
    expect(image).toHaveAttribute('src', 'https://images.example.com/amina.jpg');
    expect(screen.queryByTestId('neutral-avatar')).not.toBeInTheDocument();
  });

  it('falls back to the neutral avatar when there is no picture', async () => {
    openProfilePage(createUser({ picture: null, age: null, gender: null, phone: null }));
    expect(await screen.findByTestId('neutral-avatar')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expectEach(detailText, { Age: 'Not provided', Gender: 'Not provided', Phone: 'Not provided' });
  });

  it('shows the Premium Member button, to /premier, only to premium members', async () => {
    const { router } = openProfilePage(createUser({ premiumMember: true }));
    const button = await screen.findByRole('link', { name: /Premium Member/ });
    expect(button).toHaveAttribute('href', '/premier');
    await userEvent.click(button);
    expect(router.state.location.pathname).toBe('/premier');
  });

  it('has no Premium Member button for other users', async () => {
    openProfilePage(createUser({ premiumMember: false }));
    await screen.findAllByText('Dr. Amina Yusuf');
    expect(screen.queryByRole('link', { name: /Premium Member/ })).not.toBeInTheDocument();
  });

  it('sends a guest to the login-required page', async () => {
    startFakeApi({ user: createUser() });
    const { router } = renderProfilePage(null);
    expect(await screen.findByRole('heading', { name: 'Login Required' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/protected');
  });

  it('says so when the profile cannot be loaded, and retries', async () => {
    const user = createUser();
    const api = startFakeApi({ user });
    // Only the first profile load fails; the retry reaches the profile.
    api.on('GET', /^\/api\/user\/profile$/, () => new Response('{}', { status: 500 }));
    renderProfilePage(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your profile could not be loaded. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The name shows in the personal information (and in the public listing's preview).
    expect((await screen.findAllByText('Dr. Amina Yusuf'))[0]).toBeInTheDocument();
  });

  it('reads in Arabic: translated labels and gender', async () => {
    await i18n.changeLanguage('ar');
    openProfilePage(createUser({ gender: 'male' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الملف الشخصي للمستخدم');
    await screen.findAllByText('Dr. Amina Yusuf');
    expect(detail('الجنس')).toHaveTextContent('ذكر');
    expect(screen.getByRole('button', { name: 'تعديل' })).toBeInTheDocument();
  });
});

describe('ProfilePage Edit/Cancel toggle', () => {
  it('switches to the edit form and back, discarding what was typed', async () => {
    openProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));

    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, 'Someone Else');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(detail('Name')).toHaveTextContent('Dr. Amina Yusuf');
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('keeps the email read-only in the form', async () => {
    openProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveValue('amina@example.com');
    await userEvent.type(email, 'x');
    expect(email).toHaveValue('amina@example.com');
    expect(email).toHaveAccessibleDescription(
      'Your email comes from your sign-in account and cannot be changed here.',
    );
  });
});
