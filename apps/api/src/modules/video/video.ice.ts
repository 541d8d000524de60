import crypto from 'node:crypto';
import type { TIceServer } from '@portal/shared/video';
import type { Config } from '../../config.ts';

export type IceConfig = Pick<
  Config,
  'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'VIDEO_RELAY_ONLY'
>;

/**
 * A TURN server's credentials by the TURN REST convention (coturn's `use-auth-secret`): the
 * username is `<expiry in Unix seconds>:<who>`, the password base64(HMAC-SHA1(secret,
 * username)). coturn recomputes it from the same secret and refuses it after the expiry, so
 * nothing is stored and nothing is shared with the TURN server beyond the secret.
 */
export function turnCredentials({
  secret,
  expiresAt,
  who,
}: {
  secret: string;
  expiresAt: Date;
  who: string;
}): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${who}`;
  const credential = crypto.createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/**
 * The name a user goes by in TURN usernames (and so in coturn's logs): stable per user, so an
 * operator can tell one user's allocations apart, but neither the account's id nor its e-mail.
 */
export function turnUserKey(secret: string, userId: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`turn-user:${userId}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The ICE servers of a call for one user, the TURN credentials valid until `expiresAt`. */
export function iceServersFor(
  config: IceConfig,
  { userId, expiresAt }: { userId: string; expiresAt: Date },
): TIceServer[] {
  const servers: TIceServer[] = [];
  if (config.STUN_URLS.length > 0) servers.push({ urls: [...config.STUN_URLS] });
  if (config.TURN_URLS.length > 0 && config.TURN_SECRET)
    servers.push({
      urls: [...config.TURN_URLS],
      ...turnCredentials({
        secret: config.TURN_SECRET,
        expiresAt,
        who: turnUserKey(config.TURN_SECRET, userId),
      }),
    });
  return servers;
}
