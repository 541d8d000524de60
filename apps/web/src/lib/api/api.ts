import { createApi } from '@reduxjs/toolkit/query/react';
import { addMiddleware, injectReducer } from '../store/root-reducer.ts';
import { baseQuery, type ApiExtraOptions } from './base-query.ts';

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

injectReducer(api.reducerPath, api.reducer);
addMiddleware(api.middleware);

/**
 * The endpoints of a feature whose screens all report their own failures: each gets
 * `handlesOwnErrors` (base-query.ts), so none of its calls shows the global alert or leads away.
 */
export function handlingOwnErrors<Build, Endpoints extends Record<string, object>>(
  endpoints: (build: Build) => Endpoints,
): (build: Build) => Endpoints {
  const extraOptions: ApiExtraOptions = { handlesOwnErrors: true };
  return (build) => {
    const definitions = endpoints(build);
    for (const definition of Object.values(definitions))
      Object.assign(definition, { extraOptions });
    return definitions;
  };
}
