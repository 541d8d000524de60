/**
 * The product's "simple address": text, @, text, dot, text, with no spaces and one
 * `@`. Written so that it cannot backtrack: the domain's first character is taken as it is,
 * then everything up to its first dot is dot-free, so each character has one way to match.
 * (The obvious `^[^\s@]+@[^\s@]+\.[^\s@]+$` accepts the same addresses but tries every dot
 * of the domain against every other: `"a@" + 64,000 dots` would hold the API for seconds.)
 */
export const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** The longest address accepted anywhere (RFC 5321's path limit); checked before the pattern. */
export const EMAIL_MAX = 254;
