import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { refusalOf } from './refusal.ts';

/** A failed call as RTK Query reports it: the status and the API's error body. */
const failed = (status: number, data: unknown) => ({ status, data });

describe('refusalOf', () => {
  it('reads the code and the phone at the top of the API’s error body', () => {
    const body = {
      message: ERRORS.CANCELLATION_TOO_LATE.message,
      code: 'CANCELLATION_TOO_LATE',
      phone: '+49 30 1234567',
    };
    expect(refusalOf(failed(409, body))).toEqual({
      code: 'CANCELLATION_TOO_LATE',
      phone: '+49 30 1234567',
    });
  });

  it('gives no phone when the practice has none', () => {
    const body = {
      message: ERRORS.CANCELLATION_TOO_LATE.message,
      code: 'CANCELLATION_TOO_LATE',
      phone: null,
    };
    expect(refusalOf(failed(409, body))).toEqual({ code: 'CANCELLATION_TOO_LATE', phone: null });
  });

  it('takes a 429 as too many tries whatever its code', () => {
    const body = { message: ERRORS.RATE_LIMITED.message, code: 'RATE_LIMITED' };
    expect(refusalOf(failed(429, body)).code).toBe('TOO_MANY_TRIES');
  });

  it('takes a code it does not explain, or no body, as another failure', () => {
    expect(refusalOf(failed(500, { message: 'x', code: 'INTERNAL' })).code).toBe('OTHER');
    expect(refusalOf({ status: 'FETCH_ERROR', error: 'offline' }).code).toBe('OTHER');
  });
});
