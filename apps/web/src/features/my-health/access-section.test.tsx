import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { AccessSection } from './access-section.tsx';

const section = patientSectionTests(AccessSection, createTestUser());

async function accessRegion() {
  return screen.findByRole('region', { name: 'Access for the patient' });
}

describe('Access for the patient (in the chart)', () => {
  it('says nobody is invited yet and invites the patient: the address once, with Copy and a QR code', async () => {
    section.render();
    const region = await accessRegion();
    expect(
      await within(region).findByText('Not invited yet: nobody sees this record in the portal.'),
    ).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Invite' }));
    const form = within(region).getByRole('form', { name: 'Invite to the portal' });
    const who = within(form).getByLabelText('Who will use it');
    expect(who).toHaveFocus();
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Self', 'Parent or guardian', 'Carer']);
    await userEvent.selectOptions(who, 'parent-or-guardian');
    await userEvent.type(within(form).getByLabelText('E-mail (optional)'), 'mum@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the invitation' }));

    const address = await within(region).findByLabelText('Invitation address');
    expect((address as HTMLInputElement).value).toMatch(/^http:\/\/localhost:3000\/join\/code-/);
    await waitFor(() => expect(address).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe('Invitation made. Its address is shown once, below.');
    expect(within(region).getByRole('button', { name: 'Copy address' })).toBeVisible();
    expect(
      await within(region).findByRole('img', { name: 'QR code of the invitation address' }),
    ).toBeVisible();
    expect(section.api.requestsTo('POST', /\/invitation$/).map((r) => r.body)).toEqual([
      { relationship: 'parent-or-guardian', email: 'mum@example.com' },
    ]);
    expect(
      await within(region).findByText(
        /^Invited as parent or guardian for \u2068mum@example\.com\u2069, until .+; not accepted yet\.$/,
      ),
    ).toBeVisible();
  });

  it('sends no e-mail when none is given', async () => {
    section.render();
    const region = await accessRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Invite' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Make the invitation' }));
    await within(region).findByLabelText('Invitation address');
    expect(section.api.requestsTo('POST', /\/invitation$/).map((r) => r.body)).toEqual([
      { relationship: 'self' },
    ]);
  });

  it('shows who is linked, since when and as what, and ends access after a confirmation', async () => {
    section.api.myHealth.access.set(section.patient._id, {
      state: 'linked',
      invitation: null,
      links: [
        {
          _id: '5b2d7e10-0000-4000-9000-0000000000e1',
          name: 'Amina Yusuf',
          email: 'amina@example.com',
          relationship: 'self',
          createdAt: '2026-03-02T10:00:00.000Z',
          endedAt: null,
        },
      ],
    });
    section.render();
    const region = await accessRegion();
    expect(
      await within(region).findByText(
        '\u2068Amina Yusuf\u2069 (\u2068amina@example.com\u2069) sees this record as the patient since Mar 2, 2026.',
      ),
    ).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'End access' }));
    const confirm = within(region).getByRole('button', { name: 'Yes, end access' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(section.api.requestsTo('DELETE', /\/access$/)).toHaveLength(0);
    await userEvent.click(confirm);
    const ended = await within(region).findByText(
      'Access has ended: nobody sees this record in the portal.',
    );
    await waitFor(() => expect(ended).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe('Access ended.');
    expect(section.api.requestsTo('DELETE', /\/access$/)).toHaveLength(1);
  });

  it('keeps access when the confirmation is declined, focus back on Invite', async () => {
    section.api.myHealth.addInvitation({ patientId: section.patient._id });
    section.render();
    const region = await accessRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'End access' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Keep access' }));
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'New invitation' })).toHaveFocus(),
    );
    expect(section.api.requestsTo('DELETE', /\/access$/)).toHaveLength(0);
  });

  it('says when the invitation could not be made, and keeps the form', async () => {
    section.render();
    const region = await accessRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Invite' }));
    section.api.on('POST', /\/invitation$/, () => new Response(null, { status: 500 }));
    await userEvent.click(within(region).getByRole('button', { name: 'Make the invitation' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The invitation could not be made. Please try again.',
    );
    expect(within(region).getByRole('form', { name: 'Invite to the portal' })).toBeVisible();
    expect(within(region).queryByLabelText('Invitation address')).not.toBeInTheDocument();
  });
});
