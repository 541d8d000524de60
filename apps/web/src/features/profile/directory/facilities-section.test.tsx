import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES } from '@portal/shared/directory';
import { storedPractice } from '@portal/shared/practice.factories';
import i18n from '../../../i18n/i18n.ts';
import { currentAnnouncement } from '../../../lib/a11y/announcer.ts';
import { STAFF_CODE } from '../../../test/fake-directory-admin.ts';
import { fill } from '../../../test/user-input.ts';
import { createUser, openProfilePage } from '../profile-test-helpers.tsx';

const section = async (name = 'My facilities') =>
  within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

const owner = () => createUser({ practice: storedPractice() });

describe('the My facilities section of the profile', () => {
  it('adds a facility, which then waits for review', async () => {
    const { api } = openProfilePage(owner());
    const user = userEvent.setup();
    const facilities = await section();
    expect(await facilities.findByText('You have no facilities yet.')).toBeVisible();
    await user.click(facilities.getByRole('button', { name: 'Add a facility' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'hospital');
    await fill(user, screen.getByLabelText('Name'), 'Hospital da Luz');
    await fill(user, screen.getByLabelText('Address'), 'Avenida Lusíada 100');
    await fill(user, screen.getByLabelText('City'), 'Lisboa');
    await fill(user, screen.getByLabelText('Phone'), '21 710 4400');
    await user.click(screen.getByRole('button', { name: 'Add facility' }));
    expect(
      await screen.findByText('The facility has been added. It waits for a directory reviewer.'),
    ).toBeVisible();
    expect(api.requestsTo('POST', /^\/api\/facilities$/)[0]!.body).toMatchObject({
      kind: 'hospital',
      name: 'Hospital da Luz',
      country: 'PT',
      phone: '+351217104400',
    });
    const added = within(
      (await facilities.findByRole('heading', { level: 3, name: 'Hospital da Luz' })).closest(
        'li',
      )!,
    );
    expect(added.getByText('Waiting for review')).toBeVisible();
    expect(added.getByText('Hospital · You own it')).toBeVisible();
  });

  it('refuses a facility without a name or city with the shared messages, adding nothing', async () => {
    const { api } = openProfilePage(owner());
    const user = userEvent.setup();
    await user.click(await (await section()).findByRole('button', { name: 'Add a facility' }));
    await user.click(screen.getByRole('button', { name: 'Add facility' }));
    const summary = await screen.findByRole('group', { name: /problem/ });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(DIRECTORY_MESSAGES.nameRequired);
    expect(summary).toHaveTextContent(DIRECTORY_MESSAGES.cityRequired);
    expect(api.requestsTo('POST', /^\/api\/facilities$/)).toEqual([]);
  });

  it('shows a rejected facility’s reason, and no staff for one the user is staff of', async () => {
    const { api } = openProfilePage(owner());
    api.directoryAdmin.addFacility({
      name: 'Farmácia Central',
      reviewStatus: 'rejected',
      rejectionReason: 'The address is incomplete.',
    });
    api.directoryAdmin.addFacility({ name: 'Hospital Santa Luzia', role: 'staff' });
    const facilities = await section();
    const rejected = within(
      (await facilities.findByRole('heading', { name: 'Farmácia Central' })).closest('li')!,
    );
    expect(rejected.getByText('The address is incomplete.')).toBeVisible();
    const staffOf = within(
      facilities.getByRole('heading', { name: 'Hospital Santa Luzia' }).closest('li')!,
    );
    expect(staffOf.getByText('Clinic · You are staff')).toBeVisible();
    expect(staffOf.queryByRole('button', { name: 'Staff' })).toBeNull();
  });

  it('invites staff by e-mail, shows the link once, lists and removes staff', async () => {
    const { api } = openProfilePage(owner());
    const clinic = api.directoryAdmin.addFacility({ name: 'Clínica do Rio' });
    api.directoryAdmin.addStaff(clinic._id, {
      email: 'joao@example.test',
      name: 'João Silva',
      status: 'active',
      acceptedAt: '2026-03-01T10:00:00.000Z',
    });
    const user = userEvent.setup();
    const facilities = await section();
    await user.click(await facilities.findByRole('button', { name: 'Staff' }));
    const staff = within(await screen.findByRole('region', { name: 'Staff of Clínica do Rio' }));
    expect(await staff.findByText('João Silva')).toBeVisible();

    await fill(user, staff.getByLabelText('Invite by e-mail'), 'not an address');
    await user.click(staff.getByRole('button', { name: 'Send invitation' }));
    expect(staff.getByLabelText('Invite by e-mail')).toHaveAccessibleDescription(
      expect.stringContaining(DIRECTORY_MESSAGES.emailInvalid),
    );
    expect(api.requestsTo('POST', /\/staff$/)).toEqual([]);

    await fill(user, staff.getByLabelText('Invite by e-mail'), 'rita@example.test');
    await user.click(staff.getByRole('button', { name: 'Send invitation' }));
    expect(await staff.findByLabelText('Invitation link')).toHaveValue(
      `http://localhost:3000/join-facility/${STAFF_CODE}`,
    );
    expect(await staff.findByText('rita@example.test')).toBeVisible();

    await user.click(staff.getByRole('button', { name: 'Remove João Silva' }));
    await waitFor(() => expect(staff.queryByText('João Silva')).toBeNull());
    expect(currentAnnouncement()?.text).toBe('João Silva is no longer on the staff.');
    expect(staff.getByRole('heading', { name: 'Staff of Clínica do Rio' })).toHaveFocus();
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { api } = openProfilePage(owner());
    api.directoryAdmin.addFacility({ name: 'Clínica do Rio', kind: 'pharmacy' });
    const facilities = await section('منشآتي');
    expect(await facilities.findByText('صيدلية · أنت المالك')).toBeVisible();
    expect(facilities.getByRole('button', { name: 'إضافة منشأة' })).toBeVisible();
  });
});
