import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const TOKEN_STORAGE_KEY = 'firebase_token';

/** The ID token from local or session storage (SPEC.md §7). */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) ?? sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Base URL + `/api`, JSON, `Authorization: Bearer <token>`. The sign-in issue completes it:
 * token from the provider's current user when storage has none, and the error catalogue.
 */
export const baseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders(headers) {
    const token = readStoredToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    return headers;
  },
});
