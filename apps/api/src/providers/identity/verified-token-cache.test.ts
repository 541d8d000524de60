import { describe, expect, it, vi } from 'vitest';
import type { VerifiedIdentity } from './identity.ts';
import { withVerifiedTokenCache } from './verified-token-cache.ts';

const identity: VerifiedIdentity = {
  uid: 'local:abc',
  email: 'a@example.test',
  name: 'A',
  isEmailVerified: true,
  picture: null,
};

function tokenExpiringAt(expSeconds: number, label = 'x'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'k' })}.${part({ exp: expSeconds, sub: label })}.sig`;
}

describe('withVerifiedTokenCache', () => {
  it('verifies a token once and answers again from the cache until it expires', async () => {
    let nowMs = 1_000_000;
    const verify = vi.fn(async () => identity);
    const cached = withVerifiedTokenCache(verify, { now: () => nowMs });
    const token = tokenExpiringAt(nowMs / 1000 + 60);
    expect(await cached(token)).toBe(identity);
    expect(await cached(token)).toBe(identity);
    expect(verify).toHaveBeenCalledTimes(1);
    nowMs += 61_000;
    await cached(token);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never caches a failure', async () => {
    const verify = vi.fn(async () => {
      throw new Error('bad signature');
    });
    const cached = withVerifiedTokenCache(verify);
    const token = tokenExpiringAt(Date.now() / 1000 + 60);
    await expect(cached(token)).rejects.toThrow('bad signature');
    await expect(cached(token)).rejects.toThrow('bad signature');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const verify = vi.fn(async () => identity);
    const cached = withVerifiedTokenCache(verify, { maxEntries: 2 });
    const exp = Date.now() / 1000 + 60;
    const [a, b, c] = ['a', 'b', 'c'].map((label) => tokenExpiringAt(exp, label));
    await cached(a!);
    await cached(b!);
    await cached(c!);
    await cached(a!);
    expect(verify).toHaveBeenCalledTimes(4);
    await cached(c!);
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
