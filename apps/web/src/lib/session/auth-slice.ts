import type { UnknownAction } from 'redux';
import type { TUser } from '@portal/shared/user';

/** The session: `status` false and `userData` null until sign-in. */
export interface AuthState {
  status: boolean;
  userData: TUser | null;
}

const initialState: AuthState = { status: false, userData: null };

// Written without Redux Toolkit: the store of a page that makes no API call (the home page, the
// sign-in page) then needs none of it; RTK comes with the RTK Query api (lib/api/api.ts).
export const login = (user: TUser) => ({ type: 'auth/login', payload: user }) as const;
export const logout = () => ({ type: 'auth/logout' }) as const;
/** Replaces premiumMember only when signed in; does nothing when signed out. */
export const updatePremiumStatus = (isPremium: boolean) =>
  ({ type: 'auth/updatePremiumStatus', payload: isPremium }) as const;
/** Keeps the session's copy of the user in step with a saved profile. */
export const updateUserData = (user: TUser) =>
  ({ type: 'auth/updateUserData', payload: user }) as const;

type AuthAction = ReturnType<
  typeof login | typeof logout | typeof updatePremiumStatus | typeof updateUserData
>;

export function authReducer(state: AuthState = initialState, unknownAction: UnknownAction) {
  const action = unknownAction as AuthAction;
  switch (action.type) {
    case 'auth/login':
      return { status: true, userData: action.payload };
    case 'auth/logout':
      return initialState;
    case 'auth/updatePremiumStatus':
      return state.userData
        ? { ...state, userData: { ...state.userData, premiumMember: action.payload } }
        : state;
    case 'auth/updateUserData':
      return state.userData ? { ...state, userData: action.payload } : state;
    default:
      return state;
  }
}

/** Signed in with the user's data at hand (what the layout's signed-in parts wait for). */
export const selectIsSignedIn = (state: { auth: AuthState }): boolean =>
  state.auth.status && state.auth.userData !== null;
