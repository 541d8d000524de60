import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Base URL + `/api`, JSON. The sign-in issue adds the bearer token and the error catalogue. */
export const baseQuery = fetchBaseQuery({ baseUrl: '/api' });
