import type { TSignInInput } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { isTimeZone } from '@portal/shared/zoned-time';
import { api } from '../../lib/api/api.ts';

/** The browser's IANA time zone, when it names one the API accepts. */
function signInBody(): TSignInInput {
  const timeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone && isTimeZone(timeZone) ? { timeZone } : {};
}

/**
 * `POST /api/auth/login`: bearer token; answers `{ user }`. The body carries the browser's time
 * zone: the API keeps it as the practitioner's at the first sign-in.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ user: TUser }, void>({
      query: () => ({ url: '/auth/login', method: 'POST', body: signInBody() }),
    }),
  }),
});

export const { useLoginMutation } = authApi;
