import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setIdentityClient } from '../../lib/identity/get-identity-client.ts';
import { LogoutPage } from './logout-page.tsx';
import { createFakeIdentity, createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

const user = createTestUser({
  name: 'Dr. Leaving',
  email: 'leaving@example.test',
  premiumMember: true,
});

const fakeIdentity = (signOut: () => Promise<void>) =>
  createFakeIdentity({ name: 'firebase', signOut });

function renderLogout() {
  // Not in StrictMode: the page signs out in an effect, and the tests count the calls.
  return renderWithApp(<LogoutPage />, {
    path: '/logout',
    user,
    isStrict: false,
    routes: [
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
  });
}

beforeEach(() => {
  for (const storage of [localStorage, sessionStorage]) {
    storage.setItem('firebase_token', 'a.b.c');
    storage.setItem('user', JSON.stringify(user));
  }
  localStorage.setItem('lang', 'en');
});
afterEach(() => {
  setIdentityClient(undefined);
  localStorage.clear();
  sessionStorage.clear();
});

describe('LogoutPage', () => {
  it('signs out of the provider, clears both storages and the session, then goes to /login', async () => {
    const identity = fakeIdentity(() => Promise.resolve());
    setIdentityClient(identity);
    const { store, router } = renderLogout();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(identity.signOut).toHaveBeenCalledTimes(1);
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('firebase_token')).toBeNull();
      expect(storage.getItem('user')).toBeNull();
    }
    expect(localStorage.getItem('lang')).toBe('en');
    expect(store.getState().auth).toEqual({ status: false, userData: null });
  });

  it('only logs a failure and leaves the user signed in where they are', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let shouldFail = true;
    const identity = fakeIdentity(() =>
      shouldFail ? Promise.reject(new Error('auth/network-request-failed')) : Promise.resolve(),
    );
    setIdentityClient(identity);
    const { store, router } = renderLogout();

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(logged).toHaveBeenCalledWith('Logout failed', expect.any(Error));
    expect(router.state.location.pathname).toBe('/logout');
    expect(store.getState().auth).toEqual({ status: true, userData: user });
    expect(localStorage.getItem('firebase_token')).toBe('a.b.c');
    expect(sessionStorage.getItem('user')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    shouldFail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe(false);
  });
});
