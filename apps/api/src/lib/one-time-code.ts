import crypto from 'node:crypto';

/**
 * One-time codes of invitations (to a patient record, to a facility's staff): 32 random bytes,
 * base64url, handed over once. Only their SHA-256 is stored, so a leaked database holds no code
 * that still opens anything.
 */

const CODE_BYTES = 32;

/** 32 bytes in base64url: 43 characters. */
export const ONE_TIME_CODE = /^[A-Za-z0-9_-]{43}$/;

export const hashOfCode = (code: string): string =>
  crypto.createHash('sha256').update(code).digest('hex');

/** A new code and the hash to store for it. */
export function newOneTimeCode(): { code: string; hash: string } {
  const code = crypto.randomBytes(CODE_BYTES).toString('base64url');
  return { code, hash: hashOfCode(code) };
}

/** The stored hash a typed code would have, or null when the text cannot be a code. */
export const hashOfTypedCode = (code: string): string | null =>
  ONE_TIME_CODE.test(code) ? hashOfCode(code) : null;
