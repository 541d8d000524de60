import { configureStore } from '@reduxjs/toolkit';
import { persistReducer, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
// The `es` build: `lib/storage` breaks the built app in Chromium (getItem is not a function).
import storage from 'redux-persist/es/storage';
import type { AuthState } from '../lib/session/auth-slice.ts';
import { dynamicMiddleware, rootReducer } from '../lib/store/root-reducer.ts';

/** Persisted under key `root`, only the auth part, rehydrate timeout 5000 ms. */
const persistedReducer = persistReducer(
  { key: 'root', keyPrefix: '', storage, whitelist: ['auth'], timeout: 5000 },
  rootReducer,
);

/** The store; the RTK Query api adds its reducer and middleware when first loaded. */
export function createStore(preloadedState?: { auth?: AuthState }) {
  return configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
