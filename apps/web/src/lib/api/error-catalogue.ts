import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The branches of the shared API error handling, in the order they apply. */
export type ApiFailureKind =
  'sessionExpired' | 'forbidden' | 'notFound' | 'server' | 'badRequest' | 'network' | 'unknown';

export interface ApiFailure {
  kind: ApiFailureKind;
  /** Key in the `auth` namespace (`apiErrors.<kind>`): the product's text for this branch. */
  messageKey: `apiErrors.${ApiFailureKind}`;
  /** Shown instead of the fixed text when the branch says "the server message" and there is one. */
  detail?: string;
  /** The API's error `code`: other languages show its text instead of the English `detail`. */
  code?: string;
  /** Where the app goes after alerting. */
  navigateTo?: '/login' | '/unauthorized' | '/not-found';
  /** The session is over: token and user are removed and the user signs in again. */
  endsSession: boolean;
}

const MAX_DETAIL_LENGTH = 300;

/** The `message` of the API's error body `{ message, code, fieldErrors? }`, if usable. */
function serverMessageOf(data: unknown): string | undefined {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  if (typeof message !== 'string') return undefined;
  const trimmed = message.trim();
  return trimmed ? trimmed.slice(0, MAX_DETAIL_LENGTH) : undefined;
}

function codeOf(data: unknown): string | undefined {
  const code = (data as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? code : undefined;
}

function errorMessageOf(error: FetchBaseQueryError): string | undefined {
  const message = 'error' in error && typeof error.error === 'string' ? error.error.trim() : '';
  return message ? message.slice(0, MAX_DETAIL_LENGTH) : undefined;
}

/** The HTTP status, also when the body could not be parsed (an HTML 502 from a proxy). */
function httpStatusOf(error: FetchBaseQueryError): number | undefined {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return undefined;
}

const failure = (
  kind: ApiFailureKind,
  extra: Partial<Omit<ApiFailure, 'kind' | 'messageKey'>> = {},
): ApiFailure => ({ kind, messageKey: `apiErrors.${kind}`, endsSession: false, ...extra });

/**
 * The shared API error handling, as a pure function from a failed call to what the user is told and
 * where they go. Every failure is still returned to the caller afterwards ("rethrow").
 */
export function describeApiFailure(error: FetchBaseQueryError): ApiFailure {
  const status = httpStatusOf(error);
  const serverMessage = serverMessageOf('data' in error ? error.data : undefined);
  const errorMessage = errorMessageOf(error);
  const mentionsNotAuthenticated = [serverMessage, errorMessage].some((text) =>
    text?.toLowerCase().includes('not authenticated'),
  );

  if (status === 401 || mentionsNotAuthenticated) {
    return failure('sessionExpired', { navigateTo: '/login', endsSession: true });
  }
  if (status === 403) return failure('forbidden', { navigateTo: '/unauthorized' });
  if (status === 404) return failure('notFound', { navigateTo: '/not-found' });
  if (status !== undefined && status >= 500) return failure('server');
  const code = codeOf('data' in error ? error.data : undefined);
  if (status === 400)
    return failure('badRequest', { detail: serverMessage, ...(code && { code }) });
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return failure('network');
  return failure('unknown', { detail: serverMessage ?? errorMessage, ...(code && { code }) });
}
