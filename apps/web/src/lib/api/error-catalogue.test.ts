import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { describeApiFailure } from './error-catalogue.ts';

const http = (status: number, data: unknown = {}): FetchBaseQueryError => ({ status, data });

describe('describeApiFailure', () => {
  it.each<{ name: string; failure: FetchBaseQueryError; expected: object }>([
    {
      name: '401: session expired, to /login, ends the session',
      failure: http(401, { message: 'not authenticated' }),
      expected: {
        kind: 'sessionExpired',
        messageKey: 'apiErrors.sessionExpired',
        navigateTo: '/login',
        endsSession: true,
      },
    },
    {
      name: '400: the server message when there is one',
      failure: http(400, { message: 'Phone number must be 10 digits' }),
      expected: {
        kind: 'badRequest',
        messageKey: 'apiErrors.badRequest',
        detail: 'Phone number must be 10 digits',
        endsSession: false,
      },
    },
    {
      name: 'network error',
      failure: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      expected: { kind: 'network', messageKey: 'apiErrors.network', endsSession: false },
    },
    {
      name: 'anything else: the server message first',
      failure: http(409, { message: 'Already exists' }),
      expected: {
        kind: 'unknown',
        messageKey: 'apiErrors.unknown',
        detail: 'Already exists',
        endsSession: false,
      },
    },
  ])('$name', ({ failure, expected }) => {
    expect(describeApiFailure(failure)).toEqual(expected);
  });

  it("any status whose message contains 'not authenticated' is the session case", () => {
    expect(describeApiFailure(http(400, { message: 'User not authenticated' })).kind).toBe(
      'sessionExpired',
    );
    expect(
      describeApiFailure({ status: 'CUSTOM_ERROR', error: 'Error: not authenticated' }).kind,
    ).toBe('sessionExpired');
  });

  it('403: to /unauthorized', () => {
    expect(describeApiFailure(http(403))).toMatchObject({
      kind: 'forbidden',
      navigateTo: '/unauthorized',
      endsSession: false,
    });
  });

  it('404: to /not-found', () => {
    expect(describeApiFailure(http(404))).toMatchObject({
      kind: 'notFound',
      navigateTo: '/not-found',
    });
  });

  it.each([500, 502, 503, 504, 599])('%i: server problem, no navigation', (status) => {
    const failure = describeApiFailure(http(status, { message: 'internal detail' }));
    expect(failure).toMatchObject({ kind: 'server', endsSession: false });
    expect(failure.navigateTo).toBeUndefined();
    expect(failure.detail).toBeUndefined();
  });

  it('an unparsable 502 (an HTML page from a proxy) is still the server case', () => {
    expect(
      describeApiFailure({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<html>Bad gateway</html>',
        error: 'SyntaxError: Unexpected token <',
      }).kind,
    ).toBe('server');
  });

  it('400: the default text when the server message is missing or blank', () => {
    expect(describeApiFailure(http(400, {})).detail).toBeUndefined();
    expect(describeApiFailure(http(400, { message: '   ' })).detail).toBeUndefined();
    expect(describeApiFailure(http(400, 'plain text')).detail).toBeUndefined();
  });

  it('a timeout is the network case too', () => {
    expect(describeApiFailure({ status: 'TIMEOUT_ERROR', error: 'AbortError' }).kind).toBe(
      'network',
    );
  });

  it('anything else: then the error message', () => {
    expect(
      describeApiFailure({
        status: 'PARSING_ERROR',
        originalStatus: 200,
        data: 'oops',
        error: 'SyntaxError: Unexpected token o',
      }).detail,
    ).toBe('SyntaxError: Unexpected token o');
  });

  it('anything else: then the default text', () => {
    const failure = describeApiFailure(http(418, null));
    expect(failure).toMatchObject({ kind: 'unknown', messageKey: 'apiErrors.unknown' });
    expect(failure.detail).toBeUndefined();
  });

  it('caps a long server message', () => {
    expect(describeApiFailure(http(400, { message: 'x'.repeat(5000) })).detail).toHaveLength(300);
  });
});
