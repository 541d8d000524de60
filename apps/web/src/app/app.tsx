import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { persistSession, readPersistedSession } from '../lib/session/persisted-session.ts';
import { AppFrame } from './app-frame.tsx';
import { createStore } from './store.ts';

// The session is read synchronously: the first render already knows who is signed in, so a
// prerendered page hydrates without waiting for storage.
const persistedAuth = readPersistedSession();
const store = createStore(persistedAuth && { auth: persistedAuth });
persistSession(store);

/** A guest, as every prerendered page was rendered. */
const PRERENDER_STATE = createStore().getState();

/**
 * The app. `onStarted` is called once its first render is on screen with every handler in place
 * (boot.ts then replays what the reader did before).
 */
export function App({ onStarted }: { onStarted?: () => void }) {
  // In a task of its own, after React's commit: React hydrates the page's own part after the
  // layout, and a press there is hydrated at once and handled only outside React's own work
  // (from inside an effect it would be dropped). The marker is for diagnostics; nothing waits
  // for it.
  useEffect(() => {
    const timer = setTimeout(() => {
      document.documentElement.dataset.app = 'started';
      onStarted?.();
    });
    return () => clearTimeout(timer);
  }, [onStarted]);
  return <AppFrame store={store} serverState={PRERENDER_STATE} router={BrowserRouter} />;
}
