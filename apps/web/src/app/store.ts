import { configureStore } from '@reduxjs/toolkit';
import type { AuthState } from '../lib/session/auth-slice.ts';
import { dynamicMiddleware, rootReducer } from '../lib/store/root-reducer.ts';

/**
 * The store; the RTK Query api adds its reducer and middleware when first loaded. The auth part
 * is kept in local storage by persistSession (lib/session/persisted-session.ts).
 */
export function createStore(preloadedState?: { auth?: AuthState }) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
