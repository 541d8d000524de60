import type { Middleware, Reducer, UnknownAction } from 'redux';
import { authReducer, type AuthState } from '../session/auth-slice.ts';

/**
 * The store's reducer and a slot for middleware that arrive later, in plain Redux: the RTK Query
 * api injects itself into both when its module is first imported (lib/api/api.ts), so pages that
 * make no API call (home, login before sign-in) download neither RTK Query nor Redux Toolkit.
 */
const reducers: Record<string, Reducer> = { auth: authReducer };

export interface RootState {
  auth: AuthState;
  [injected: string]: unknown;
}

export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  let next: RootState | undefined;
  for (const [key, reducer] of Object.entries(reducers)) {
    const before = state?.[key];
    const after: unknown = reducer(before, action);
    if (after !== before) (next ??= { ...state } as RootState)[key] = after;
  }
  return next ?? state!;
}

/** Adds a reducer for `key`; the next action initialises its part of the state. */
export function injectReducer(key: string, reducer: Reducer): void {
  reducers[key] ??= reducer;
}

const addedMiddleware: Middleware[] = [];

/** Adds a middleware to every store, after those already there. */
export function addMiddleware(middleware: Middleware): void {
  if (!addedMiddleware.includes(middleware)) addedMiddleware.push(middleware);
}

/**
 * Runs the added middleware. Each is given the store once (RTK Query keeps its subscriptions in
 * what that call returns); the chain is rebuilt only when one was added since.
 */
export const dynamicMiddleware: Middleware = (store) => (next) => {
  const bound: ReturnType<Middleware>[] = [];
  let chain = next;
  return (action) => {
    if (bound.length < addedMiddleware.length) {
      while (bound.length < addedMiddleware.length)
        bound.push(addedMiddleware[bound.length]!(store));
      chain = bound.reduceRight((after, middleware) => middleware(after), next);
    }
    return chain(action);
  };
};

/** Lets a function be dispatched (RTK Query's requests are such thunks). */
export const thunkMiddleware: Middleware = (store) => (next) => (action) =>
  typeof action === 'function' ? action(store.dispatch, store.getState, undefined) : next(action);
