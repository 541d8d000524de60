import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  persistReducer,
  persistStore,
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The `es` build: `lib/storage` breaks the built app in Chromium (getItem is not a function).
import storage from 'redux-persist/es/storage';
import { authSlice } from '../lib/session/auth-slice.ts';
import { api } from '../lib/api/api.ts';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  [api.reducerPath]: api.reducer,
});

/** Persisted under key `root`, only the auth part, rehydrate timeout 5000 ms (SPEC.md §3, §9). */
const persistedReducer = persistReducer(
  { key: 'root', keyPrefix: '', storage, whitelist: ['auth'], timeout: 5000 },
  rootReducer,
);

export function createStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export const store = createStore();
export const persistor = persistStore(store);

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
