import type { ThunkDispatch } from '@reduxjs/toolkit';
import { applyMiddleware, legacy_createStore, type UnknownAction } from 'redux';
import type { AuthState } from '../lib/session/auth-slice.ts';
import {
  dynamicMiddleware,
  rootReducer,
  thunkMiddleware,
  type RootState,
} from '../lib/store/root-reducer.ts';

/**
 * The store; the RTK Query api adds its reducer and middleware when first loaded. The auth part
 * is kept in local storage by persistSession (lib/session/persisted-session.ts).
 */
export function createStore(preloadedState?: { auth?: AuthState }) {
  const store = legacy_createStore(
    rootReducer,
    preloadedState as RootState | undefined,
    applyMiddleware(thunkMiddleware, dynamicMiddleware),
  );
  return store as typeof store & { dispatch: AppDispatch };
}

export type AppStore = ReturnType<typeof createStore>;
export type { RootState };
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
