import { describe, expect, it } from 'vitest';
import { totalCountOf } from './response-headers.ts';

const metaWith = (headers: Record<string, string>) => ({
  response: { headers: new Headers(headers) },
});

describe('totalCountOf', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    [' 7 ', 7],
    ['100000', 100000],
  ])('reads X-Total-Count %j as %d', (value, total) => {
    expect(totalCountOf(metaWith({ 'X-Total-Count': value }))).toBe(total);
  });

  it.each(['', 'abc', '-1', '1.5', '1e3', 'NaN', 'Infinity', '9007199254740993'])(
    'gives null for X-Total-Count %j, so the list falls back to its own length',
    (value) => {
      expect(totalCountOf(metaWith({ 'X-Total-Count': value }))).toBeNull();
    },
  );

  it('gives null when the header or the whole answer is missing', () => {
    expect(totalCountOf(metaWith({}))).toBeNull();
    expect(totalCountOf(undefined)).toBeNull();
  });
});
