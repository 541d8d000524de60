import { describe, expect, it } from 'vitest';
import { createCountCache } from './patients.count-cache.ts';

/** A count the test answers by hand, remembering how often it was asked. */
function manualCount() {
  const calls: { resolve: (total: number) => void; reject: (error: Error) => void }[] = [];
  return {
    calls,
    count: () =>
      new Promise<number>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  };
}

function cacheAt(start = 0) {
  const clock = { ms: start };
  return { clock, cache: createCountCache({ ttlMs: 5_000, now: () => clock.ms }) };
}

/** A cache that counted 10 for `owner`, its clock since moved past the count's lifetime. */
async function expiredAtTen() {
  const { cache, clock } = cacheAt();
  expect(await cache.get('owner', null, async () => 10)).toBe(10);
  clock.ms += 5_001;
  return cache;
}

describe('the X-Total-Count cache', () => {
  it('answers a fresh count without counting again', async () => {
    const { cache } = cacheAt();
    const owner = manualCount();
    const first = cache.get('owner', null, owner.count);
    owner.calls[0]!.resolve(7);
    expect(await first).toBe(7);
    expect(await cache.get('owner', null, owner.count)).toBe(7);
    expect(owner.calls).toHaveLength(1);
  });

  it('counts once for requests that arrive together', async () => {
    const { cache } = cacheAt();
    const owner = manualCount();
    const answers = Promise.all([1, 2, 3].map(() => cache.get('owner', 'ana', owner.count)));
    owner.calls[0]!.resolve(3);
    expect(await answers).toEqual([3, 3, 3]);
    expect(owner.calls).toHaveLength(1);
  });

  it('keeps counts apart per owner and per search', async () => {
    const { cache } = cacheAt();
    expect(await cache.get('a', null, async () => 10)).toBe(10);
    expect(await cache.get('a', 'x', async () => 2)).toBe(2);
    expect(await cache.get('b', null, async () => 5)).toBe(5);
    expect(await cache.get('a', null, async () => 99)).toBe(10);
  });

  it('answers an expired count at once and refreshes it with one query in the background', async () => {
    const cache = await expiredAtTen();
    const refresh = manualCount();
    expect(await cache.get('owner', null, refresh.count)).toBe(10);
    expect(await cache.get('owner', null, refresh.count)).toBe(10);
    expect(refresh.calls).toHaveLength(1);
    refresh.calls[0]!.resolve(12);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('owner', null, refresh.count)).toBe(12);
  });

  it('keeps the old count when a refresh fails, and tries again on the next request', async () => {
    const cache = await expiredAtTen();
    const failing = manualCount();
    expect(await cache.get('owner', null, failing.count)).toBe(10);
    failing.calls[0]!.reject(new Error('database down'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('owner', null, failing.count)).toBe(10);
    expect(failing.calls).toHaveLength(2);
  });

  it('passes a failed first count on to every request that waited for it', async () => {
    const { cache } = cacheAt();
    const failing = manualCount();
    const answers = [
      cache.get('owner', null, failing.count),
      cache.get('owner', null, failing.count),
    ];
    failing.calls[0]!.reject(new Error('database down'));
    for (const answer of answers) await expect(answer).rejects.toThrow('database down');
    expect(await cache.get('owner', null, async () => 4)).toBe(4);
  });

  it("counts again after the owner's own change, and drops a count that was under way", async () => {
    const { cache } = cacheAt();
    const before = manualCount();
    const stale = cache.get('owner', null, before.count);
    await cache.invalidate('owner');
    before.calls[0]!.resolve(10);
    expect(await stale).toBe(10);
    expect(await cache.get('owner', null, async () => 11)).toBe(11);
    expect(await cache.get('owner', null, async () => 99)).toBe(11);
  });

  it('reads a known count only once messages from other instances have arrived (sync)', async () => {
    let arrive: () => void = () => {};
    let isSyncing = false;
    const cache = createCountCache({
      sync: () =>
        isSyncing ? new Promise<void>((resolve) => (arrive = resolve)) : Promise.resolve(),
    });
    expect(await cache.get('owner', null, async () => 3)).toBe(3);
    isSyncing = true;
    const answer = cache.get('owner', null, async () => 4);
    // Another instance's change is heard while this request waits for its messages.
    cache.forget('owner');
    arrive();
    expect(await answer).toBe(4);
  });
});
