import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in their
 * own folder, so every call goes through the same base query and error catalogue.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Patient', 'Audit'],
  endpoints: () => ({}),
});
