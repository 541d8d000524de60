import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LoginPage } from '../features/auth/login-page.tsx';
import { instantWhen } from '../features/directory/directory-text.ts';
import { DoctorPage } from '../features/directory/doctor-page.tsx';
import { setIdentityClient } from '../lib/identity/get-identity-client.ts';
import { fakeDateAt } from '../test/clock.ts';
import { createFakeIdentity, createTestUser } from '../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../test/fake-api.ts';
import { createDirectoryDoctor } from '../test/fake-directory.ts';
import { renderWithApp } from '../test/render-with-app.tsx';

// The directory's booking and the login page together: a guest's press on a free time goes
// through sign-in and back to that time.

const ID = '5d0f3c1e-8a7b-4c2d-9e1f-000000000001';
const PATIENT = createTestUser({ name: 'Omar Haddad' });
const HALF_PAST_NINE = '2026-03-02T09:30:00.000Z';

let api: FakeApi;
beforeEach(() => {
  fakeDateAt('2026-03-02T08:00:00Z');
  api = startFakeApi({ user: PATIENT });
  api.directory.doctors.push(
    createDirectoryDoctor({ publicId: ID, starts: ['2026-03-02T09:00:00.000Z', HALF_PAST_NINE] }),
  );
});
afterEach(() => setIdentityClient(undefined));

it('sends a guest who presses a free time to sign in, and brings them back to the same time', async () => {
  const user = userEvent.setup();
  setIdentityClient(createFakeIdentity({ signIn: () => Promise.resolve('a.b.c') }));
  api.addHandlers(http.post('/api/auth/login', () => json({ user: PATIENT })));
  const { router } = renderWithApp(<DoctorPage />, {
    path: '/find-doctor/:id',
    at: `/find-doctor/${ID}`,
    routes: [{ path: '/login', element: <LoginPage /> }],
  });

  await user.click(await screen.findByRole('button', { name: '09:30' }));
  expect(
    await screen.findByText(
      'Sign in to book this time. You will come back to the doctor’s page afterwards.',
    ),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: /Sign In with Google/ }));

  const form = await screen.findByRole('form', { name: 'Book this time' });
  expect(router.state.location.pathname).toBe(`/find-doctor/${ID}`);
  expect(new URLSearchParams(router.state.location.search).get('slot')).toBe(HALF_PAST_NINE);
  expect(form).toHaveTextContent(instantWhen(HALF_PAST_NINE, 'Europe/Lisbon', 'en'));
  expect(await screen.findByRole('button', { name: '09:30' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
