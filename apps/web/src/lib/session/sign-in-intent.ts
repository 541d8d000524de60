/**
 * What a page that sends a guest to /login passes as the navigation state: where to come back
 * to after signing in, and why sign-in was asked for (shown on the login page).
 */
/** Why a page asked a guest to sign in: said on the login page. */
export type SignInReason = 'premier' | 'booking' | 'support';

export interface SignInIntent {
  returnTo: string;
  reason?: SignInReason;
}

/** The intent in a location's state; anything unusable means "go Home". */
export function readSignInIntent(state: unknown): SignInIntent {
  const intent = state as Partial<SignInIntent> | null;
  // Only an address inside the app: never a way to send someone elsewhere after sign-in.
  const returnTo =
    typeof intent?.returnTo === 'string' && /^\/(?!\/)/.test(intent.returnTo)
      ? intent.returnTo
      : '/';
  const reason = intent?.reason;
  const isKnown = reason === 'premier' || reason === 'booking' || reason === 'support';
  return { returnTo, ...(isKnown && { reason }) };
}
