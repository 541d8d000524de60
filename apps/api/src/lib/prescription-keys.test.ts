import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import {
  generatePrescriptionKey,
  jtiOf,
  loadPrescriptionKeys,
  uuidOfJti,
} from './prescription-keys.ts';

const quiet = { warn: () => {} };
const claims = { jti: jtiOf('8d3c1f0e-5a4b-4c2d-9e8f-7a6b5c4d3e2f'), exp: 2_000_000_000 };

describe('prescription verification keys', () => {
  it('signs a compact EdDSA JWS with the kid of the first key; the same claims give the same token', async () => {
    const keys = await loadPrescriptionKeys([await generatePrescriptionKey('a')], quiet);
    const { token, kid } = await keys.sign(claims);
    expect(kid).toBe('a');
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: 'a' });
    expect((await keys.sign(claims)).token).toBe(token);
    expect(await keys.verify(token)).toEqual(claims);
    expect(uuidOfJti(claims.jti)).toBe('8d3c1f0e-5a4b-4c2d-9e8f-7a6b5c4d3e2f');
    // One path segment, well within the router's 200 characters, and a small QR code.
    expect(token.length).toBeLessThanOrEqual(200);
  });

  it('verifies with every configured key, so keys rotate by kid', async () => {
    const [older, newer] = [
      await generatePrescriptionKey('old'),
      await generatePrescriptionKey('new'),
    ];
    const before = await loadPrescriptionKeys([older], quiet);
    const { token } = await before.sign(claims);
    const after = await loadPrescriptionKeys([newer, older], quiet);
    expect(after.signingKid).toBe('new');
    expect(await after.verify(token)).toEqual(claims);
    expect(await (await loadPrescriptionKeys([newer], quiet)).verify(token)).toBeNull();
  });

  it('refuses a forged, altered, unknown-kid or malformed token alike (null)', async () => {
    const keys = await loadPrescriptionKeys([await generatePrescriptionKey('a')], quiet);
    const stranger = await loadPrescriptionKeys([await generatePrescriptionKey('a')], quiet);
    const { token } = await keys.sign(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, exp: 2_100_000_000 })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    for (const bad of [
      (await stranger.sign(claims)).token,
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'b' })).toString('base64url')}.${payload}.${signature}`,
      `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`,
      'not-a-token',
      '',
      `${token}.x`,
    ]) {
      expect(await keys.verify(bad), bad).toBeNull();
    }
  });

  it('without configured keys makes one for the process and says so, without the key', async () => {
    const lines: string[] = [];
    const keys = await loadPrescriptionKeys(undefined, { warn: (line) => lines.push(line) });
    expect(keys.signingKid).toMatch(/^dev-/);
    expect(lines).toEqual([
      'PRESCRIPTION_SIGNING_KEYS is not set: prescriptions are signed with a key made for this process only, so their verification links stop working after a restart; configure the keys to keep them',
    ]);
  });
});
