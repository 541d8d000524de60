import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../../app/store.ts';
import { dismissApiNotice } from '../../lib/api/error-notices.ts';
import { setIdentityClient } from '../../lib/identity/get-identity-client.ts';
import { IdentityError, type IdentityClient } from '../../lib/identity/identity-client.ts';
import { LoginPage } from './login-page.tsx';
import { createTestUser } from '../../test/factories.ts';

const user: TUser = createTestUser({
  _id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Dr. Jane Doe',
  email: 'jane@example.test',
});
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

function fakeIdentity(signIn: () => Promise<string>): IdentityClient {
  return {
    name: 'local',
    signIn: vi.fn(signIn),
    completeRedirectSignIn: vi.fn(() => Promise.resolve(null)),
    currentIdToken: vi.fn(() => Promise.resolve(null)),
    signOut: vi.fn(() => Promise.resolve()),
  };
}

function answerLogin(status: number, body: unknown) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const request = input as Request;
    if (request.url.endsWith('/api/auth/login')) {
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    return Promise.reject(new Error(`unexpected ${request.url}`));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLogin() {
  const store = createStore();
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  setIdentityClient(undefined);
  dismissApiNotice();
  vi.unstubAllGlobals();
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
    const fetchMock = answerLogin(200, { user });
    const { store, router } = renderLogin();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(identity.signIn).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe(`Bearer ${ID_TOKEN}`);
    expect(await request.text()).toBe('');
    expect(localStorage.getItem('firebase_token')).toBe(ID_TOKEN);
    expect(sessionStorage.getItem('firebase_token')).toBe(ID_TOKEN);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(store.getState().auth).toEqual({ status: true, userData: user });
  });

  it('explains a cancelled popup and stays signed out', async () => {
    setIdentityClient(
      fakeIdentity(() => Promise.reject(new IdentityError('auth/popup-closed-by-user'))),
    );
    const fetchMock = answerLogin(200, { user });
    const { store } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in was cancelled. Try again when you are ready.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
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
    const store = createStore({ auth: { status: true, userData: user } });
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/', element: <p>home page</p> },
      ],
      { initialEntries: ['/login'] },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
