import fc from 'fast-check';
import type { Pools } from './pools.ts';

/** How a request presents itself: a signed-in user's token, or one of the ways it goes wrong. */
export type AuthKind =
  | 'user'
  | 'user-lowercase-scheme'
  | 'none'
  | 'garbage'
  | 'tampered'
  | 'foreign-key'
  | 'unregistered'
  | 'fresh-identity';

export const VALID_AUTH: readonly AuthKind[] = ['user', 'user-lowercase-scheme'];
/** Never a valid token: any non-public route must answer 401. */
export const INVALID_AUTH: readonly AuthKind[] = ['none', 'garbage', 'tampered', 'foreign-key'];

/** The Authorization header a request of this kind sends (undefined: none at all). */
export function authHeader(
  kind: AuthKind,
  token: string,
  pools: Pools,
): fc.Arbitrary<string | undefined> {
  switch (kind) {
    case 'user':
      return fc.constant(`Bearer ${token}`);
    case 'user-lowercase-scheme':
      return fc.constant(`bearer ${token}`);
    case 'none':
      return fc.constant(undefined);
    case 'garbage':
      return fc.oneof(
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          'Bearer a.b.c',
          'Bearer ..',
          'Token x',
        ),
        fc.string({ maxLength: 60 }).map((text) => `Bearer ${text}`),
        fc.string({ maxLength: 60 }),
        fc.integer({ min: 200, max: 9000 }).map((length) => `Bearer ${'a'.repeat(length)}`),
        fc.constant(`Bearer ${token} ${token}`),
        fc.constant(`Bearer ${token.split('.').slice(0, 2).join('.')}.`),
      );
    case 'tampered':
      // One character changed well inside the signature or the claims (the last character of
      // base64url may carry only padding bits, so changing it can leave the bytes equal).
      return fc.nat().map((index) => {
        const [header, payload, signature] = token.split('.') as [string, string, string];
        const flip = (text: string) => {
          const at = 1 + (index % (text.length - 4));
          const changed = text[at] === 'g' ? 'A' : 'g';
          return `${text.slice(0, at)}${changed}${text.slice(at + 1)}`;
        };
        return index % 2 === 0
          ? `Bearer ${header}.${payload}.${flip(signature)}`
          : `Bearer ${header}.${flip(payload)}.${signature}`;
      });
    case 'foreign-key':
      return fc.constant(`Bearer ${pools.foreignToken}`);
    case 'unregistered':
      return fc.constant(`Bearer ${pools.unregisteredToken}`);
    case 'fresh-identity':
      return fc.constantFrom(...pools.freshTokens).map((fresh) => `Bearer ${fresh}`);
  }
}

/** Mostly the actor's own token, so most requests get past authentication to the route. */
export const authKind: fc.Arbitrary<AuthKind> = fc.oneof(
  { weight: 16, arbitrary: fc.constant<AuthKind>('user') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('user-lowercase-scheme') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('none') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('garbage') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('tampered') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('foreign-key') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('unregistered') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('fresh-identity') },
);
