import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_PREFERENCES } from '@portal/shared/notice-preferences';
import i18n from '../../i18n/i18n.ts';
import { json } from '../../test/fake-api.ts';
import { openProfilePage, sectionNamed, shownIn } from './profile-test-helpers.tsx';

const section = (name = 'Notices by e-mail') => sectionNamed(name);

/** The value next to a kind in the section's read view, once the choices have loaded. */
const shown = (label: string) => shownIn('Notices by e-mail', label);

describe("the profile's Notices by e-mail", () => {
  it('shows every kind e-mailed until turned off', async () => {
    openProfilePage();
    expect(await shown('Reminders')).toBe('By e-mail');
    expect(await shown('Access to patient records')).toBe('By e-mail');
    expect(await shown('My own appointments')).toBe('By e-mail');
  });

  it('turns a kind off with its check box, saves every kind, says so and shows it', async () => {
    const { api } = openProfilePage();
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Edit notices' }));
    const reminders = screen.getByRole('checkbox', { name: 'Reminders' });
    expect(reminders).toHaveFocus();
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleDescription(
      'Appointments coming up and care-plan activities due; the bell shows them either way.',
    );
    await user.click(reminders);
    await user.click(screen.getByRole('button', { name: 'Save notices' }));
    expect(
      await (await section()).findByText('Your notice choices have been saved.'),
    ).toHaveAttribute('role', 'status');
    expect(api.requestsTo('PUT', /^\/api\/user\/notice-preferences$/)[0]!.body).toEqual({
      ...DEFAULT_NOTICE_PREFERENCES,
      'appointment-reminders': false,
    });
    expect(await shown('Reminders')).toBe('Off');
    expect(await shown('Access to patient records')).toBe('By e-mail');
    expect((await section()).getByRole('button', { name: 'Edit notices' })).toHaveFocus();
  });

  it('says when the choices could not be saved, and keeps the form as it was', async () => {
    const { api } = openProfilePage();
    api.on('PUT', /^\/api\/user\/notice-preferences$/, () =>
      json({ message: 'Something went wrong.', code: 'INTERNAL' }, { status: 500 }),
    );
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Edit notices' }));
    await user.click(screen.getByRole('checkbox', { name: 'Access to patient records' }));
    await user.click(screen.getByRole('button', { name: 'Save notices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your notice choices could not be saved. Please try again.',
    );
    expect(screen.getByRole('checkbox', { name: 'Access to patient records' })).not.toBeChecked();
    expect(api.noticePreferences()).toEqual(DEFAULT_NOTICE_PREFERENCES);
  });

  it('says when the choices could not be loaded, and offers to try again', async () => {
    const { api } = openProfilePage();
    api.on('GET', /^\/api\/user\/notice-preferences$/, () =>
      json({ message: 'Something went wrong.', code: 'INTERNAL' }, { status: 500 }),
    );
    const alert = await (await section()).findByRole('alert');
    expect(alert).toHaveTextContent('Your notice choices could not be loaded. Please try again.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await shown('Reminders')).toBe('By e-mail');
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openProfilePage();
    const arabic = await section('الإشعارات بالبريد الإلكتروني');
    expect(await arabic.findByText('التذكيرات')).toBeVisible();
    expect(arabic.getByRole('button', { name: 'تعديل الإشعارات' })).toBeVisible();
  });
});
