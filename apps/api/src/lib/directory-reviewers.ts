import type { VerifiedIdentity } from '../providers/identity/identity.ts';

/**
 * Whether the signed-in identity reviews the directory: its e-mail, verified by the identity
 * provider, is one of `DIRECTORY_REVIEWERS` (stored lower case), ignoring case. The review
 * routes' gate and the user's answer (`isDirectoryReviewer`) both ask this.
 */
export function isDirectoryReviewer(
  { email, isEmailVerified }: Pick<VerifiedIdentity, 'email' | 'isEmailVerified'>,
  reviewers: readonly string[],
): boolean {
  return isEmailVerified && reviewers.includes(email.toLowerCase());
}
