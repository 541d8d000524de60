import i18n from '../../i18n/i18n.ts';
import { IdentityError, type IdentityClient } from './identity-client.ts';

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
/** How long a closed popup may still deliver its message before it counts as cancelled. */
const CLOSED_GRACE_MS = 1_000;
const POLL_MS = 300;

interface DevAuthMessage {
  type: 'portal-dev-auth';
  state: string;
  idToken: string;
}

function isDevAuthMessage(data: unknown, state: string): data is DevAuthMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<DevAuthMessage>;
  return (
    message.type === 'portal-dev-auth' &&
    message.state === state &&
    typeof message.idToken === 'string'
  );
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return (
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      // Base64 pads with at most two '='; `=+$` would retry every '=' run from each position.
      .replace(/={1,2}$/, '')
  );
}

/** Centred over the current window, like Firebase's own popup. */
function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * Local development sign-in: the API's account chooser in a popup, which posts the ID token
 * back to this window. Only a message from that popup, from this very origin, carrying the
 * random `state` sent with it, is accepted.
 */
export function createLocalIdentityClient(): IdentityClient {
  return {
    name: 'local',
    signIn() {
      const state = randomState();
      const url = `/api/dev-auth/popup?state=${state}&lang=${encodeURIComponent(i18n.language || 'en')}`;
      const popup = window.open(url, 'portal-dev-auth', popupFeatures());
      if (!popup) return Promise.reject(new IdentityError('auth/popup-blocked'));
      popup.focus();
      return new Promise<string>((resolve, reject) => {
        let closedAt: number | undefined;
        const finish = () => {
          window.removeEventListener('message', onMessage);
          window.clearInterval(timer);
        };
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== window.location.origin || event.source !== popup) return;
          if (!isDevAuthMessage(event.data, state)) return;
          finish();
          resolve(event.data.idToken);
        };
        const timer = window.setInterval(() => {
          if (!popup.closed) return;
          closedAt ??= Date.now();
          if (Date.now() - closedAt < CLOSED_GRACE_MS) return;
          finish();
          reject(new IdentityError('auth/popup-closed-by-user'));
        }, POLL_MS);
        window.addEventListener('message', onMessage);
      });
    },
    completeRedirectSignIn: () => Promise.resolve(null),
    // Local tokens are not refreshed: when one expires the API answers 401 and the user signs in again.
    currentIdToken: () => Promise.resolve(null),
    signOut: () => Promise.resolve(),
  };
}
