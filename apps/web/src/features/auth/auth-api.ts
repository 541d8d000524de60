import type { TUser } from '@portal/shared/user';
import { api } from '../../lib/api/api.ts';

/** `POST /api/auth/login`: bearer token, empty body; answers `{ user }` (SPEC.md §7). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ user: TUser }, void>({
      query: () => ({ url: '/auth/login', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation } = authApi;
