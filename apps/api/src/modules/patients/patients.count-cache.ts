/**
 * `X-Total-Count` for 100,000 patients means counting 100,000 index entries (25-50 ms here), so
 * a count is kept for a few seconds per owner and query. Any change by the owner through this
 * process drops that owner's counts at once; another API instance's changes show within `ttlMs`.
 */
export function createCountCache({
  ttlMs = 5_000,
  maxOwners = 10_000,
  now = () => Date.now(),
}: { ttlMs?: number; maxOwners?: number; now?: () => number } = {}) {
  const byOwner = new Map<string, Map<string, { total: number; expiresAt: number }>>();

  return {
    async get(ownerId: string, q: string | null, count: () => Promise<number>): Promise<number> {
      const key = q ?? '';
      const hit = byOwner.get(ownerId)?.get(key);
      if (hit && hit.expiresAt > now()) return hit.total;
      const total = await count();
      let counts = byOwner.get(ownerId);
      if (!counts) {
        if (byOwner.size >= maxOwners) byOwner.delete(byOwner.keys().next().value!);
        counts = new Map();
        byOwner.set(ownerId, counts);
      }
      if (counts.size >= 100) counts.clear();
      counts.set(key, { total, expiresAt: now() + ttlMs });
      return total;
    },
    invalidate(ownerId: string): void {
      byOwner.delete(ownerId);
    },
  };
}

export type CountCache = ReturnType<typeof createCountCache>;
