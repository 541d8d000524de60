import type { APIRequestContext, Page } from '@playwright/test';

export interface SignedInUser {
  idToken: string;
  user: { _id: string; name: string; email: string; premiumMember: boolean };
}

let counter = 0;

/** A unique e-mail per call, so parallel specs never share a user. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@example.test`;
}

/** Signs in through the local provider's API (no UI): an ID token and the stored user. */
export async function signInViaApi(
  request: APIRequestContext,
  baseURL: string,
  { email = uniqueEmail(), name = 'Dr. Test User' }: { email?: string; name?: string } = {},
): Promise<SignedInUser> {
  const tokenResponse = await request.post(`${baseURL}/api/dev-auth/token`, {
    data: { email, name },
  });
  const { idToken } = (await tokenResponse.json()) as { idToken: string };
  const loginResponse = await request.post(`${baseURL}/api/auth/login`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const { user } = (await loginResponse.json()) as SignedInUser;
  return { idToken, user };
}

/** Signs in through the API and puts the session into the browser (`storeSession`). */
export async function signInAs(
  page: Page,
  baseURL: string,
  options: { email?: string; name?: string } = {},
): Promise<SignedInUser> {
  const session = await signInViaApi(page.request, baseURL, options);
  await storeSession(page, baseURL, session);
  return session;
}

/**
 * Puts a signed-in session into the browser exactly where the app keeps it:
 * `firebase_token` in local and session storage and the auth slice under `root`.
 * Navigate afterwards; the app rehydrates from storage. Also the Lighthouse benchmark's.
 */
export async function storeSession(
  page: Page,
  baseURL: string,
  session: SignedInUser,
): Promise<void> {
  // A same-origin page without the app, so nothing in the page can overwrite the storage.
  await page.goto(`${baseURL}/api/health`);
  await page.evaluate(({ idToken, user }) => {
    localStorage.setItem('firebase_token', idToken);
    sessionStorage.setItem('firebase_token', idToken);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem(
      'root',
      JSON.stringify({
        auth: JSON.stringify({ status: true, userData: user }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
  }, session);
}

/** Clicks 'Sign In with Google' and returns the real popup window it opens. */
export async function openSignInPopup(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  return popup;
}
