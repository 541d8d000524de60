import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasCoturn,
  startCoturn,
  startTurnPeer,
  tryTurnRelay,
  type Coturn,
} from '../../../../scripts/coturn.mjs';
import { iceServersFor, turnCredentials } from '../../src/modules/video/video.ice.ts';

/**
 * The API's TURN credentials against a real coturn (Debian's `turnserver`) on loopback, with
 * `turnutils_uclient` as the client: what the API hands out is accepted, a wrong or expired
 * credential is refused, and a server that denies loopback peers refuses to relay to one.
 * Without coturn installed the file is skipped, except in CI, where it must run.
 */
const SECRET = 'coturn-test-secret-0123456789';
const HOUR_MS = 3_600_000;
const isSkipped = !hasCoturn() && !process.env.CI;

describe.skipIf(isSkipped)('coturn with the API’s TURN REST credentials', () => {
  let coturn: Coturn;
  let denying: Coturn;
  let peer: Awaited<ReturnType<typeof startTurnPeer>>;

  beforeAll(async () => {
    [coturn, denying, peer] = await Promise.all([
      startCoturn({ secret: SECRET }),
      startCoturn({
        secret: SECRET,
        allowLoopbackPeers: false,
        deniedPeerIps: ['127.0.0.0-127.255.255.255'],
      }),
      startTurnPeer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([coturn?.stop(), denying?.stop(), peer?.stop()]);
  });

  /** The TURN server the API hands a user for a window ending at `expiresAt`. */
  const handedOut = (server: Coturn, expiresAt: Date) => {
    const [turn] = iceServersFor(
      { STUN_URLS: [], TURN_URLS: [server.url], TURN_SECRET: SECRET, VIDEO_RELAY_ONLY: true },
      { userId: '6f1f0d0e-5d2c-4a8b-9a43-0a8f5d0c1e2b', expiresAt },
    );
    return { username: turn!.username!, credential: turn!.credential! };
  };

  it('accepts the credentials the API makes and relays to a peer', async () => {
    const result = await tryTurnRelay({
      port: coturn.port,
      ...handedOut(coturn, new Date(Date.now() + HOUR_MS)),
      peerPort: peer.port,
    });
    expect(result.allocated, result.output).toBe(true);
    expect(result.relayed, result.output).toBe(true);
  });

  it('refuses a wrong credential and an expired one', async () => {
    const good = handedOut(coturn, new Date(Date.now() + HOUR_MS));
    const wrong = await tryTurnRelay({
      port: coturn.port,
      username: good.username,
      credential: turnCredentials({
        secret: 'another-secret-0123456789',
        expiresAt: new Date(Date.now() + HOUR_MS),
        who: 'x',
      }).credential,
      peerPort: peer.port,
    });
    expect(wrong.allocated, wrong.output).toBe(false);
    const expired = await tryTurnRelay({
      port: coturn.port,
      ...handedOut(coturn, new Date(Date.now() - 60_000)),
      peerPort: peer.port,
    });
    expect(expired.allocated, expired.output).toBe(false);
    expect(expired.code).not.toBe(0);
    expect(coturn.log()).toContain('Cannot find credentials of user');
  });

  it('refuses to relay to a denied peer address', async () => {
    const result = await tryTurnRelay({
      port: denying.port,
      ...handedOut(denying, new Date(Date.now() + HOUR_MS)),
      peerPort: peer.port,
    });
    // The credentials are good (the relay is allocated); the peer is not.
    expect(result.allocated, result.output).toBe(true);
    expect(result.forbidden, result.output).toBe(true);
    expect(result.relayed).toBe(false);
  });
});
