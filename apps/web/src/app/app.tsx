import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { persistStore } from 'redux-persist';
import { readPersistedSession } from '../lib/session/persisted-session.ts';
import { AppFrame } from './app-frame.tsx';
import { createStore } from './store.ts';

// The session is read synchronously: the first render needs no PersistGate (which would render
// nothing until rehydration and so could not hydrate a prerendered page).
const persistedAuth = readPersistedSession();
const store = createStore(persistedAuth && { auth: persistedAuth });
persistStore(store);

/** A guest, as every prerendered page was rendered. */
const PRERENDER_STATE = createStore().getState();

export function App() {
  // The layout is live (hydrated or rendered): from here no interaction is lost. End-to-end
  // tests wait for this before using a page (e2e/support/test.ts).
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return <AppFrame store={store} serverState={PRERENDER_STATE} router={BrowserRouter} />;
}
