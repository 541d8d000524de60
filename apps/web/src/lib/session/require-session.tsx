import { useSelector } from 'react-redux';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AuthState } from './auth-slice.ts';
import type { SignInIntent } from './sign-in-intent.ts';

/** Route guard: a guest opening a child route is sent to /protected (the login-required page). */
export function RequireSession() {
  const isSignedIn = useSelector((state: { auth: AuthState }) => state.auth.status);
  return isSignedIn ? <Outlet /> : <Navigate to="/protected" replace />;
}

/**
 * A page a link in an e-mail opens (an invitation): a guest signs in first and comes back to the
 * same address; a signed-in reader sees `children`.
 */
export function SignInFirst({ children }: { children: ReactNode }) {
  const isSignedIn = useSelector((state: { auth: AuthState }) => state.auth.status);
  const { pathname } = useLocation();
  if (isSignedIn) return children;
  const intent: SignInIntent = { returnTo: pathname };
  return <Navigate to="/login" replace state={intent} />;
}
