import i18n from '../../i18n/i18n.ts';
import { initializeApp } from 'firebase/app';
import {
  getAuth,
  getRedirectResult,
  GoogleAuthProvider,
  signInWithPopup,
  signInWithRedirect,
  signOut,
} from 'firebase/auth';
import type { TPublicConfig } from '@portal/shared/public-config';
import { IdentityError, setRedirectPending, type IdentityClient } from './identity-client.ts';

type FirebaseWebConfig = NonNullable<TPublicConfig['firebase']>;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'auth/internal-error';
}

/**
 * Production sign-in with Google through the Firebase JS SDK v12: a 500x600 popup, the
 * redirect flow when the browser blocks the popup, and the SDK's own token refresh.
 * `getAuth` keeps the signed-in user in IndexedDB, then local, then session storage.
 */
export function createFirebaseIdentityClient(config: FirebaseWebConfig): IdentityClient {
  const app = initializeApp(config);
  const auth = getAuth(app);
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });

  return {
    name: 'firebase',
    async signIn() {
      auth.languageCode = i18n.language || null;
      try {
        const { user } = await signInWithPopup(auth, provider);
        return await user.getIdToken();
      } catch (error) {
        if (codeOf(error) !== 'auth/popup-blocked') throw new IdentityError(codeOf(error));
        setRedirectPending(true);
        try {
          await signInWithRedirect(auth, provider);
        } catch (redirectError) {
          setRedirectPending(false);
          throw new IdentityError(codeOf(redirectError));
        }
        // The page is navigating to Google; this promise is left pending on purpose.
        return new Promise<string>(() => {});
      }
    },
    async completeRedirectSignIn() {
      try {
        const result = await getRedirectResult(auth);
        return result ? await result.user.getIdToken() : null;
      } catch (error) {
        throw new IdentityError(codeOf(error));
      } finally {
        setRedirectPending(false);
      }
    },
    async currentIdToken() {
      await auth.authStateReady();
      // getIdToken() refreshes by itself when the token is within five minutes of expiry.
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    async signOut() {
      await signOut(auth);
    },
  };
}
