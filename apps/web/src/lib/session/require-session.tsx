import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import type { AuthState } from './auth-slice.ts';

/** Route guard: a guest opening a child route is sent to /protected (the login-required page). */
export function RequireSession() {
  const isSignedIn = useSelector((state: { auth: AuthState }) => state.auth.status);
  return isSignedIn ? <Outlet /> : <Navigate to="/protected" replace />;
}
