import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRACTICE, PRACTICE_MESSAGES } from '@portal/shared/practice';
import { fill } from '../../test/user-input.ts';
import { createUser, openProfilePage, sectionNamed, shownIn } from './profile-test-helpers.tsx';
import { storedPractice } from '@portal/shared/practice.factories';

const PRACTICE = storedPractice();

const section = () => sectionNamed('Practice');

/** The value next to a label in the section's read view. */
const shown = (label: string) => shownIn('Practice', label);

describe('the Practice section of the profile', () => {
  it('shows every field, the phone in the national format of the practice country', async () => {
    openProfilePage(createUser({ practice: PRACTICE }));
    expect(await shown('Practice name')).toBe('Clínica do Rio');
    expect(await shown('Street and building')).toBe('Rua das Flores 12\n2.º esquerdo');
    expect(await shown('Country')).toBe('Portugal');
    expect(await shown('Practice phone')).toBe('22 123 4567');
    expect(await shown('Registration number')).toBe('OM 54321');
    expect(await shown('Cancellation notice')).toBe('24 hours');
  });

  it('says what is not provided', async () => {
    openProfilePage(createUser({ practice: EMPTY_PRACTICE }));
    expect(await shown('Practice name')).toBe('Not provided');
  });

  it('saves what was typed, read in the chosen country, and shows it', async () => {
    const { api } = openProfilePage(createUser({ practice: EMPTY_PRACTICE }));
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Edit practice' }));
    await fill(user, screen.getByLabelText('Practice name'), 'Clínica do Rio');
    await fill(user, screen.getByLabelText('Postal code'), '4050-262');
    await fill(user, screen.getByLabelText('City'), 'Porto');
    await user.selectOptions(screen.getByLabelText('Country'), 'PT');
    await fill(user, screen.getByLabelText('Practice phone'), '22 123 4567');
    await fill(user, screen.getByLabelText('Registration number'), 'OM 54321');
    await fill(user, screen.getByLabelText('Cancellation notice'), '48');
    await user.click(screen.getByRole('button', { name: 'Save practice' }));
    expect(await screen.findByText('Your practice has been saved.')).toBeVisible();
    expect(api.requestsTo('PUT', /^\/api\/user\/practice$/)[0]!.body).toMatchObject({
      name: 'Clínica do Rio',
      country: 'PT',
      phone: '+351221234567',
      cancellationNoticeHours: 48,
    });
    expect(await shown('Practice phone')).toBe('22 123 4567');
    expect(await shown('Cancellation notice')).toBe('48 hours');
    // Focus goes back to the toggle that opened the form.
    expect((await section()).getByRole('button', { name: 'Edit practice' })).toHaveFocus();
  });

  it('refuses what the schema refuses, saving nothing', async () => {
    const { api } = openProfilePage(createUser({ practice: EMPTY_PRACTICE }));
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Edit practice' }));
    const hours = screen.getByLabelText('Cancellation notice');
    await fill(user, hours, '169');
    expect(hours).toHaveAccessibleDescription(
      expect.stringContaining(PRACTICE_MESSAGES.cancellationNoticeInvalid),
    );
    await user.click(screen.getByRole('button', { name: 'Save practice' }));
    expect(await screen.findByRole('group', { name: /problem/ })).toHaveFocus();
    expect(api.requestsTo('PUT', /^\/api\/user\/practice$/)).toEqual([]);
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openProfilePage(createUser({ practice: PRACTICE }));
    const arabic = within(
      (await screen.findByRole('heading', { level: 2, name: 'العيادة' })).closest('section')!,
    );
    expect(arabic.getByText('رقم التسجيل')).toBeVisible();
    expect(arabic.getByText('البرتغال')).toBeVisible();
  });
});
