import type { TUser } from '@portal/shared/user';
import type { Dispatch } from 'redux';
import { api } from '../api/api.ts';
import type { IdentityClient } from '../identity/identity-client.ts';
import { login, logout } from './auth-slice.ts';
import { clearStoredSession, storeToken, storeUser } from './stored-session.ts';

/**
 * Sign-in after the provider produced a token: the token in both storages,
 * `POST /api/auth/login`, the user into the session and into `user`. Cached answers of a
 * previous user are dropped first, so nobody ever sees another person's data.
 */
export async function startSession({
  dispatch,
  idToken,
  requestLogin,
}: {
  dispatch: Dispatch;
  idToken: string;
  requestLogin: () => Promise<{ user: TUser }>;
}): Promise<TUser> {
  dispatch(api.util.resetApiState());
  storeToken(idToken);
  let user: TUser;
  try {
    ({ user } = await requestLogin());
  } catch (error) {
    // A sign-in the API refused leaves nothing behind: no token for a signed-out visitor.
    clearStoredSession();
    throw error;
  }
  dispatch(login(user));
  storeUser(user);
  return user;
}

/**
 * Logout: sign out of the identity provider, remove `user` and
 * `firebase_token` from both storages, clear the session. A provider failure rejects before
 * anything is cleared, so the caller can log it and leave the user signed in.
 */
export async function endSession({
  dispatch,
  identity,
}: {
  dispatch: Dispatch;
  identity: IdentityClient;
}): Promise<void> {
  await identity.signOut();
  clearStoredSession();
  dispatch(logout());
  dispatch(api.util.resetApiState());
}
