import crypto from 'node:crypto';
import { hasCoturn, startCoturn, type Coturn } from '../../scripts/coturn.mjs';

/**
 * A coturn on loopback for a journey forced through a relay (`iceTransportPolicy: 'relay'`), and
 * the server variables that point the portal at it: pass `env` to `startServer`. Stop it after
 * the journey. The two browsers are on this machine, so the test server allows loopback peers
 * (production denies them: docs/architecture.md, "Running coturn next to the portal").
 */
export async function startRelay(): Promise<{ coturn: Coturn; env: Record<string, string> }> {
  if (!hasCoturn())
    throw new Error('the relay journey needs Debian’s coturn (apt-get install coturn)');
  const secret = crypto.randomBytes(24).toString('base64url');
  const coturn = await startCoturn({ secret });
  return {
    coturn,
    env: {
      TURN_URLS: `${coturn.url}?transport=udp`,
      TURN_SECRET: secret,
      VIDEO_RELAY_ONLY: 'true',
    },
  };
}
