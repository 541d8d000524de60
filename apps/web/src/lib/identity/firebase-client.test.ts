import { beforeEach, describe, expect, it, vi } from 'vitest';

const firebase = vi.hoisted(() => ({
  initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })),
  auth: {
    languageCode: null as string | null,
    currentUser: null as null | { getIdToken: () => Promise<string> },
    authStateReady: vi.fn(() => Promise.resolve()),
  },
  signInWithPopup: vi.fn(),
  signInWithRedirect: vi.fn(),
  getRedirectResult: vi.fn(),
  signOut: vi.fn(() => Promise.resolve()),
  setCustomParameters: vi.fn(),
}));

vi.mock('firebase/app', () => ({ initializeApp: firebase.initializeApp }));
vi.mock('firebase/auth', () => ({
  getAuth: () => firebase.auth,
  GoogleAuthProvider: class {
    setCustomParameters = firebase.setCustomParameters;
  },
  signInWithPopup: firebase.signInWithPopup,
  signInWithRedirect: firebase.signInWithRedirect,
  getRedirectResult: firebase.getRedirectResult,
  signOut: firebase.signOut,
}));

const { createFirebaseIdentityClient } = await import('./firebase-client.ts');
const { isRedirectPending } = await import('./identity-client.ts');

const CONFIG = { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' };
const userWithToken = (token: string) => ({ getIdToken: vi.fn(() => Promise.resolve(token)) });

beforeEach(() => {
  vi.clearAllMocks();
  firebase.auth.currentUser = null;
  sessionStorage.clear();
});

describe('firebase identity client', () => {
  it('initialises Firebase from GET /api/config and signs in with the Google popup', async () => {
    firebase.signInWithPopup.mockResolvedValue({ user: userWithToken('google.id.token') });
    const client = createFirebaseIdentityClient(CONFIG);
    expect(firebase.initializeApp).toHaveBeenCalledWith(CONFIG);
    await expect(client.signIn()).resolves.toBe('google.id.token');
    expect(firebase.auth.languageCode).toBe('en');
    expect(firebase.setCustomParameters).toHaveBeenCalledWith({ prompt: 'select_account' });
    expect(firebase.signInWithRedirect).not.toHaveBeenCalled();
  });

  it('falls back to the redirect flow when the popup is blocked', async () => {
    firebase.signInWithPopup.mockRejectedValue({ code: 'auth/popup-blocked' });
    firebase.signInWithRedirect.mockResolvedValue(undefined);
    const client = createFirebaseIdentityClient(CONFIG);
    let settled = false;
    void client.signIn().finally(() => (settled = true));
    await vi.waitFor(() => expect(firebase.signInWithRedirect).toHaveBeenCalled());
    expect(isRedirectPending()).toBe(true);
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it('completes the redirect sign-in on return', async () => {
    sessionStorage.setItem('auth_redirect_pending', '1');
    firebase.getRedirectResult.mockResolvedValue({ user: userWithToken('after.redirect.token') });
    const client = createFirebaseIdentityClient(CONFIG);
    await expect(client.completeRedirectSignIn()).resolves.toBe('after.redirect.token');
    expect(isRedirectPending()).toBe(false);
  });

  it('passes other sign-in failures on with their Firebase code', async () => {
    firebase.signInWithPopup.mockRejectedValue({ code: 'auth/unauthorized-domain' });
    await expect(createFirebaseIdentityClient(CONFIG).signIn()).rejects.toMatchObject({
      code: 'auth/unauthorized-domain',
    });
  });

  it('gives the current user’s token, refreshed by the SDK, or null when signed out', async () => {
    const client = createFirebaseIdentityClient(CONFIG);
    await expect(client.currentIdToken()).resolves.toBeNull();
    firebase.auth.currentUser = userWithToken('current.user.token');
    await expect(client.currentIdToken()).resolves.toBe('current.user.token');
    expect(firebase.auth.authStateReady).toHaveBeenCalled();
  });

  it('signs out of Firebase', async () => {
    await createFirebaseIdentityClient(CONFIG).signOut();
    expect(firebase.signOut).toHaveBeenCalledWith(firebase.auth);
  });
});
