import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../../app/store.ts';
import { login, logout, updatePremiumStatus } from './auth-slice.ts';
import { PERSIST_KEY, persistSession, readPersistedSession } from './persisted-session.ts';

const user = {
  _id: 'u1',
  name: 'Dr. Amina Haddad',
  email: 'amina@example.test',
  premiumMember: false,
} as TUser;

afterEach(() => localStorage.clear());

describe('persistSession', () => {
  it('keeps the session across a reload: what the store holds is what the next page reads', () => {
    const store = createStore();
    persistSession(store);
    expect(readPersistedSession()).toEqual({ status: false, userData: null });
    store.dispatch(login(user));
    expect(readPersistedSession()).toEqual({ status: true, userData: user });
    store.dispatch(updatePremiumStatus(true));
    expect(readPersistedSession()?.userData?.premiumMember).toBe(true);
    store.dispatch(logout());
    expect(readPersistedSession()).toEqual({ status: false, userData: null });
  });

  it('stores in the layout sessions were stored in before, so they stay signed in', () => {
    const store = createStore({ auth: { status: true, userData: user } });
    persistSession(store);
    const stored = JSON.parse(localStorage.getItem(PERSIST_KEY)!) as Record<string, string>;
    expect(JSON.parse(stored.auth!)).toEqual({ status: true, userData: user });
  });

  it('leaves the session in memory when the storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = createStore();
    persistSession(store);
    expect(() => store.dispatch(login(user))).not.toThrow();
    expect(store.getState().auth.status).toBe(true);
  });
});
