import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The API's shared error answer: this status, and exactly this `{ message, code, fieldErrors? }` body. */
export function expectErrorAnswer(
  response: LightMyRequestResponse,
  status: number,
  body: { message: string; code: string; fieldErrors?: Record<string, string> },
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual(body);
}
