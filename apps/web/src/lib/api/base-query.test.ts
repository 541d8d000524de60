import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setIdentityClient } from '../identity/get-identity-client.ts';
import { authReducer } from '../session/auth-slice.ts';
import { createBaseQuery, REQUEST_TIMEOUT_MS } from './base-query.ts';
import { currentApiNotice, dismissApiNotice } from './error-notices.ts';
import { createFakeIdentity } from '../../test/factories.ts';

function tokenExpiringIn(seconds: number, label = 'x'): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds, label }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJSUzI1NiJ9.${payload}.c2ln`;
}

/** A loaded provider (not the local one) whose current ID token is `token`. */
const fakeIdentity = (token: string | null) =>
  createFakeIdentity({ name: 'firebase', currentIdToken: () => Promise.resolve(token) });

const ok = () =>
  Promise.resolve(
    new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );

function setup({
  isSignedIn = true,
  answer = ok,
}: { isSignedIn?: boolean; answer?: (request: Request) => Promise<Response> } = {}) {
  const requests: Request[] = [];
  const fetchFn = vi.fn((input: RequestInfo | URL) => {
    requests.push(input as Request);
    return answer(input as Request);
  });
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ fetchFn: fetchFn as typeof fetch }),
    endpoints: (build) => ({
      probe: build.query<unknown, void>({ query: () => '/probe' }),
      create: build.mutation<unknown, object>({
        query: (body) => ({ url: '/things', method: 'POST', body }),
      }),
      touch: build.mutation<unknown, void>({ query: () => ({ url: '/touch', method: 'POST' }) }),
      save: build.mutation<unknown, void>({
        query: () => ({ url: '/save', method: 'POST' }),
        extraOptions: { handlesOwnErrors: true },
      }),
    }),
  });
  const store = configureStore({
    reducer: { auth: authReducer, api: testApi.reducer },
    preloadedState: {
      auth: isSignedIn
        ? { status: true, userData: null as never }
        : { status: false, userData: null },
    },
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  return { store, testApi, requests };
}

/** The Authorization header of the app's one request (null for none). */
async function authorizationSent(options?: Parameters<typeof setup>[0]) {
  const { store, testApi, requests } = setup(options);
  await store.dispatch(testApi.endpoints.probe.initiate());
  return requests[0]!.headers.get('authorization');
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no network in this test'))),
  );
});
afterEach(() => {
  setIdentityClient(undefined);
  dismissApiNotice();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the base query', () => {
  it('calls base URL + /api with the stored token as a bearer and asks for JSON', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem('firebase_token', token);
    const { store, testApi, requests } = setup();
    await store.dispatch(testApi.endpoints.probe.initiate());
    expect(requests[0]!.url).toBe('http://localhost:3000/api/probe');
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(requests[0]!.headers.get('accept')).toBe('application/json');
  });

  it('reads the token from session storage too', async () => {
    const token = tokenExpiringIn(3600);
    sessionStorage.setItem('firebase_token', token);
    expect(await authorizationSent()).toBe(`Bearer ${token}`);
  });

  it('takes the token from the provider’s current user when storage has none, and stores it in both', async () => {
    const token = tokenExpiringIn(3600, 'fresh');
    setIdentityClient(fakeIdentity(token));
    expect(await authorizationSent()).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('firebase_token')).toBe(token);
    expect(sessionStorage.getItem('firebase_token')).toBe(token);
  });

  it('asks the provider for a fresh token when the stored one is about to expire', async () => {
    localStorage.setItem('firebase_token', tokenExpiringIn(60, 'old'));
    const fresh = tokenExpiringIn(3600, 'fresh');
    setIdentityClient(fakeIdentity(fresh));
    expect(await authorizationSent()).toBe(`Bearer ${fresh}`);
    expect(sessionStorage.getItem('firebase_token')).toBe(fresh);
  });

  it('keeps the stored token when the provider has none to offer (local sign-in)', async () => {
    const old = tokenExpiringIn(60, 'old');
    localStorage.setItem('firebase_token', old);
    setIdentityClient(fakeIdentity(null));
    expect(await authorizationSent()).toBe(`Bearer ${old}`);
  });

  it('never downloads the sign-in provider for a guest', async () => {
    expect(await authorizationSent({ isSignedIn: false })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a JSON body with a JSON content type', async () => {
    const { store, testApi, requests } = setup();
    await store.dispatch(testApi.endpoints.create.initiate({ name: 'A' }));
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]!.text()).toBe('{"name":"A"}');
  });

  it('sends an empty-body POST without a content type (the API would refuse empty JSON)', async () => {
    const { store, testApi, requests } = setup();
    await store.dispatch(testApi.endpoints.touch.initiate());
    expect(requests[0]!.headers.has('content-type')).toBe(false);
    expect(await requests[0]!.text()).toBe('');
  });

  it('counts a request hanging longer than 30 s as the network/timeout case', async () => {
    vi.useFakeTimers();
    const { store, testApi } = setup({
      answer: (request) =>
        new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    });
    const pending = store.dispatch(testApi.endpoints.probe.initiate());
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1_000);
    expect(currentApiNotice()).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    const result = await pending;
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(currentApiNotice()).toMatchObject({ kind: 'network' });
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('does not alert for a request the app cancelled itself', async () => {
    const { store, testApi } = setup({
      answer: (request) =>
        new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    });
    const pending = store.dispatch(testApi.endpoints.create.initiate({}));
    pending.abort();
    await pending;
    expect(currentApiNotice()).toBeNull();
  });

  it('signs out of a loaded provider when the session has expired', async () => {
    const identity = fakeIdentity(null);
    setIdentityClient(identity);
    localStorage.setItem('firebase_token', tokenExpiringIn(3600));
    const { store, testApi } = setup({
      answer: () =>
        Promise.resolve(new Response('{"message":"not authenticated"}', { status: 401 })),
    });
    await store.dispatch(testApi.endpoints.probe.initiate());
    expect(identity.signOut).toHaveBeenCalled();
    expect(store.getState().auth.status).toBe(false);
    expect(localStorage.getItem('firebase_token')).toBeNull();
  });
});

describe('endpoints that report their own failures', () => {
  const answering = (status: number) => () =>
    Promise.resolve(
      new Response(JSON.stringify({ message: 'nope', code: 'X' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );

  it.each([400, 404, 409, 500, 503])('raise no global alert for a %i', async (status) => {
    localStorage.setItem('firebase_token', tokenExpiringIn(3600));
    const { store, testApi } = setup({ answer: answering(status) });
    const result = await store.dispatch(testApi.endpoints.save.initiate());
    expect(result).toHaveProperty('error.status', status);
    expect(currentApiNotice()).toBeNull();
  });

  it('still end an expired session with the catalogue message', async () => {
    localStorage.setItem('firebase_token', tokenExpiringIn(3600));
    const { store, testApi } = setup({ answer: answering(401) });
    await store.dispatch(testApi.endpoints.save.initiate());
    expect(currentApiNotice()).toMatchObject({ kind: 'sessionExpired', navigateTo: '/login' });
    expect(store.getState().auth.status).toBe(false);
  });
});
