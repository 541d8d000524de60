import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { dismissApiNotice } from '../../lib/api/error-notices.ts';
import { setIdentityClient } from '../../lib/identity/get-identity-client.ts';
import { IdentityError } from '../../lib/identity/identity-client.ts';
import { LoginPage } from './login-page.tsx';
import { createFakeIdentity, createTestUser } from '../../test/factories.ts';
import { json, startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

const user: TUser = createTestUser({
  _id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Dr. Jane Doe',
  email: 'jane@example.test',
});
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

const fakeIdentity = (signIn: () => Promise<string>) => createFakeIdentity({ signIn });

/** The fake API, with `POST /api/auth/login` answering `status` and `body`. */
function answerLogin(status: number, body: unknown) {
  const api = startFakeApi();
  api.addHandlers(http.post('/api/auth/login', () => json(body, { status })));
  return api;
}

function renderLogin(user: TUser | null = null) {
  return renderWithApp(<LoginPage />, {
    path: '/login',
    user,
    routes: [{ path: '/', element: <p>home page</p> }],
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  setIdentityClient(undefined);
  dismissApiNotice();
});

describe('LoginPage', () => {
  it('shows the spec texts and the welcome banner', async () => {
    setIdentityClient(fakeIdentity(() => Promise.resolve(ID_TOKEN)));
    renderLogin();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In to Continue' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Access your health records and more!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In with Google' })).toBeEnabled();
    expect(screen.getByText('Welcome to CareBridge')).toBeInTheDocument();
  });

  it('on success stores the token, makes the login call, saves the user and goes to /', async () => {
    const identity = fakeIdentity(() => Promise.resolve(ID_TOKEN));
    setIdentityClient(identity);
    const api = answerLogin(200, { user });
    const { store, router } = renderLogin();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(identity.signIn).toHaveBeenCalledTimes(1);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/login']);
    const [request] = api.requests;
    expect(request!.headers.get('authorization')).toBe(`Bearer ${ID_TOKEN}`);
    // The browser's time zone, which the first sign-in keeps as the practitioner's.
    expect(request!.body).toEqual({
      timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem('firebase_token')).toBe(ID_TOKEN);
    expect(sessionStorage.getItem('firebase_token')).toBe(ID_TOKEN);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(store.getState().auth).toEqual({ status: true, userData: user });
  });

  it('explains a cancelled popup and stays signed out', async () => {
    setIdentityClient(
      fakeIdentity(() => Promise.reject(new IdentityError('auth/popup-closed-by-user'))),
    );
    const api = answerLogin(200, { user });
    const { store } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in was cancelled. Try again when you are ready.',
    );
    expect(api.requests).toEqual([]);
    expect(store.getState().auth.status).toBe(false);
    expect(localStorage.getItem('firebase_token')).toBeNull();
  });

  it('explains a blocked popup', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setIdentityClient(fakeIdentity(() => Promise.reject(new IdentityError('auth/popup-blocked'))));
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
    );
  });

  it('a refused login call ends the session instead of signing in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setIdentityClient(fakeIdentity(() => Promise.resolve(ID_TOKEN)));
    answerLogin(401, { message: 'not authenticated', code: 'NOT_AUTHENTICATED' });
    const { store, router } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));
    await screen.findByRole('button', { name: 'Sign In with Google' });
    await vi.waitFor(() => expect(localStorage.getItem('firebase_token')).toBeNull());
    expect(sessionStorage.getItem('firebase_token')).toBeNull();
    expect(store.getState().auth.status).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a login call failing on the server leaves no token behind', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setIdentityClient(fakeIdentity(() => Promise.resolve(ID_TOKEN)));
    answerLogin(500, { message: 'boom', code: 'INTERNAL' });
    const { store } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));
    await vi.waitFor(() => expect(localStorage.getItem('firebase_token')).toBeNull());
    expect(sessionStorage.getItem('firebase_token')).toBeNull();
    expect(store.getState().auth.status).toBe(false);
  });

  it('sends a signed-in visitor home', async () => {
    setIdentityClient(fakeIdentity(() => Promise.resolve(ID_TOKEN)));
    renderLogin(user);
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
