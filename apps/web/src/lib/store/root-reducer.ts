import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { authSlice } from '../session/auth-slice.ts';

/**
 * The store's reducer and a slot for middleware that arrive later. The RTK Query api injects
 * itself into both when its module is first imported (lib/api/api.ts), so pages that make no
 * API call (home, login before sign-in) never download RTK Query.
 */
export const rootReducer = combineSlices(authSlice);
export const dynamicMiddleware = createDynamicMiddleware();
