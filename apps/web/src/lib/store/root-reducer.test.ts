import type { Middleware, UnknownAction } from 'redux';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { addMiddleware, injectReducer } from './root-reducer.ts';

describe('the store of plain Redux', () => {
  it('gives an injected reducer its part of the state at the next action, keeping the rest', () => {
    const store = createStore();
    const before = store.getState().auth;
    injectReducer('counter', (state: number = 0, action: UnknownAction) =>
      action.type === 'counter/add' ? state + 1 : state,
    );
    store.dispatch({ type: 'counter/add' });
    store.dispatch({ type: 'counter/add' });
    expect(store.getState().counter).toBe(2);
    expect(store.getState().auth).toBe(before);
  });

  it('keeps the same state object when no reducer changed anything', () => {
    const store = createStore();
    store.dispatch({ type: 'settle/first' });
    const state = store.getState();
    store.dispatch({ type: 'nothing/happened' });
    expect(store.getState()).toBe(state);
  });

  it('gives a middleware added later each store once, and runs it for every action after', () => {
    const store = createStore();
    store.dispatch({ type: 'before' });
    const seen: string[] = [];
    const bind = vi.fn();
    const middleware: Middleware = (api) => {
      bind(api);
      return (next) => (action) => {
        seen.push((action as UnknownAction).type);
        return next(action);
      };
    };
    addMiddleware(middleware);
    store.dispatch({ type: 'first' });
    store.dispatch({ type: 'second' });
    addMiddleware(middleware);
    store.dispatch({ type: 'third' });
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(bind).toHaveBeenCalledTimes(1);
  });

  it('runs a dispatched function with dispatch and getState (how RTK Query requests)', () => {
    const store = createStore();
    const answer = store.dispatch((dispatch, getState) => {
      dispatch({ type: 'inside' });
      return getState().auth.status;
    });
    expect(answer).toBe(false);
  });
});
