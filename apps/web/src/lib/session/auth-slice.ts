import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TUser } from '@portal/shared/user';

/** The session: `status` false and `userData` null until sign-in. */
export interface AuthState {
  status: boolean;
  userData: TUser | null;
}

const initialState: AuthState = { status: false, userData: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    login(state, action: PayloadAction<TUser>) {
      state.status = true;
      state.userData = action.payload;
    },
    logout(state) {
      state.status = false;
      state.userData = null;
    },
    /** Replaces premiumMember only when signed in; does nothing when signed out. */
    updatePremiumStatus(state, action: PayloadAction<boolean>) {
      if (state.userData) state.userData.premiumMember = action.payload;
    },
    /** Keeps the session's copy of the user in step with a saved profile. */
    updateUserData(state, action: PayloadAction<TUser>) {
      if (state.userData) state.userData = action.payload;
    },
  },
});

export const { login, logout, updatePremiumStatus, updateUserData } = authSlice.actions;

/** Signed in with the user's data at hand (what the layout's signed-in parts wait for). */
export const selectIsSignedIn = (state: { auth: AuthState }): boolean =>
  state.auth.status && state.auth.userData !== null;
