import { createApi } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer.ts';
import { baseQuery } from './base-query.ts';

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in their
 * own folder, so every call goes through the same base query and error catalogue. It joins
 * the store (reducer and middleware) when this module is first loaded: only pages that call
 * the API load it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Patient', 'Audit', 'Transaction'],
  endpoints: () => ({}),
});

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
