import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { JoinPage } from './join-page.tsx';

let api: FakeApi;
const user = createTestUser();
const PATIENT_ID = '5b2d7e10-0000-4000-9000-0000000000d1';

beforeEach(() => {
  api = startFakeApi({ user });
});

function renderJoin(code: string, { isSignedIn = true } = {}) {
  return renderWithApp(<JoinPage />, {
    path: '/join/:code',
    at: `/join/${code}`,
    user: isSignedIn ? user : null,
    routes: [{ path: '/my-health', element: <p>My health page</p> }],
  });
}

describe('/join/:code', () => {
  it('sends a guest to sign in, to come back to the same address', async () => {
    const { router } = renderJoin('abc', { isSignedIn: false });
    expect(await screen.findByText('Login page')).toBeVisible();
    expect(router.state.location.state).toEqual({ returnTo: '/join/abc' });
    expect(api.requestsTo('GET', /^\/api\/me\//)).toHaveLength(0);
  });

  it('shows who invites and as what, asks the date of birth, accepts and opens My health', async () => {
    const invitation = api.myHealth.addInvitation({
      patientId: PATIENT_ID,
      relationship: 'parent-or-guardian',
      birthDate: '2019-05-04',
    });
    const { router } = renderJoin(invitation.code);
    expect(
      await screen.findByText(
        // The names are isolated, so Arabic keeps their brackets and direction in place.
        '\u2068Dr. Lena Weber\u2069 (\u2068Praxis am Markt\u2069) invites you to see a record in the portal as a parent or guardian.',
      ),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText("The patient's date of birth"), '2019-05-04');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('My health page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-health');
    expect(api.requestsTo('POST', /^\/api\/me\/links$/).map((r) => r.body)).toEqual([
      { code: invitation.code, birthDate: '2019-05-04' },
    ]);
  });

  it('asks no date of birth when the invitation names an e-mail', async () => {
    const invitation = api.myHealth.addInvitation({
      patientId: PATIENT_ID,
      email: 'a@example.com',
    });
    renderJoin(invitation.code);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await screen.findByText('My health page');
    expect(screen.queryByLabelText("The patient's date of birth")).not.toBeInTheDocument();
    expect(api.requestsTo('POST', /^\/api\/me\/links$/).map((r) => r.body)).toEqual([
      { code: invitation.code },
    ]);
  });

  it('refuses a wrong date of birth in words, with focus on the message', async () => {
    const invitation = api.myHealth.addInvitation({
      patientId: PATIENT_ID,
      birthDate: '2019-05-04',
    });
    renderJoin(invitation.code);
    await userEvent.type(await screen.findByLabelText("The patient's date of birth"), '2019-05-05');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const message = await screen.findByText(/^This invitation does not match your account/);
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveAttribute('role', 'alert');
  });

  it.each([
    ['INVITATION_EXPIRED', 'This invitation has expired. Please ask your practice for a new one.'],
    [
      'INVITATION_USED',
      'This invitation has already been accepted. If that was not you, please tell your practice.',
    ],
  ] as const)('explains %s before anything is accepted', async (_code, text) => {
    const invitation = api.myHealth.addInvitation({
      patientId: PATIENT_ID,
      state: _code === 'INVITATION_USED' ? 'used' : 'expired',
    });
    renderJoin(invitation.code);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('explains an unknown code', async () => {
    renderJoin('no-such-code');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation does not exist or has been withdrawn. Please ask your practice for a new one.',
    );
  });

  it('explains the limit of tries (429)', async () => {
    const invitation = api.myHealth.addInvitation({
      patientId: PATIENT_ID,
      email: 'a@example.com',
    });
    api.myHealth.triesLeft = 0;
    renderJoin(invitation.code);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Too many tries. Please wait a minute, then try again.'),
    ).toHaveFocus();
  });
});
