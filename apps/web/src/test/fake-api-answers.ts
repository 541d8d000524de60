import type { z } from 'zod';
import { ERRORS, type TErrorCode } from '@portal/shared/errors';
import { json } from './http.ts';

/*
 * Answers as the API's routes send them: a body through the route's response schema, as the
 * API's serializer does, and a refusal as the API's error body `{ message, code }` from the
 * shared table, plus what the API adds at the top level (e.g. the practice's `phone`).
 */

export const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const refuseAs = (code: TErrorCode, extra?: object) =>
  json({ ...extra, message: ERRORS[code].message, code }, { status: ERRORS[code].status });

export const answerAs = <Schema extends z.ZodType>(
  schema: Schema,
  body: z.input<Schema>,
  init?: ResponseInit,
) => json(schema.parse(body), init);
