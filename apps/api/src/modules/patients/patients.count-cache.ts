/**
 * `X-Total-Count` for 100,000 patients means counting 100,000 index entries (tens of
 * milliseconds: docs/performance.md), so a count is kept for a few seconds per owner and query:
 * - concurrent requests that find no count share one counting query;
 * - an expired count is answered at once while one query refreshes it in the background, so no
 *   request waits for a recount once the owner has been counted;
 * - any change by the owner drops that owner's counts at once, and a count that was under way
 *   meanwhile is not kept; `publish` tells the other API instances to drop theirs (they call
 *   `forget`), and resolves once they have been told, before the change is answered;
 * - `sync` resolves once every such message sent before the call has arrived, so a count is
 *   read only after that (it runs alongside the page's own query).
 */
export function createCountCache({
  ttlMs = 5_000,
  maxOwners = 10_000,
  maxQueriesPerOwner = 100,
  now = () => Date.now(),
  publish = async () => {},
  sync,
}: {
  ttlMs?: number;
  maxOwners?: number;
  maxQueriesPerOwner?: number;
  now?: () => number;
  publish?: (ownerId: string) => Promise<void>;
  sync?: () => Promise<void>;
} = {}) {
  interface OwnerCounts {
    totals: Map<string, { total: number; expiresAt: number }>;
    counting: Map<string, Promise<number>>;
  }
  const byOwner = new Map<string, OwnerCounts>();

  function countsOf(ownerId: string): OwnerCounts {
    let counts = byOwner.get(ownerId);
    if (!counts) {
      if (byOwner.size >= maxOwners) byOwner.delete(byOwner.keys().next().value!);
      counts = { totals: new Map(), counting: new Map() };
      byOwner.set(ownerId, counts);
    }
    return counts;
  }

  /** One counting query per owner and key at a time; its result lands where it started. */
  function recount(counts: OwnerCounts, key: string, count: () => Promise<number>) {
    let pending = counts.counting.get(key);
    if (!pending) {
      pending = count()
        .then((total) => {
          if (counts.totals.size >= maxQueriesPerOwner) counts.totals.clear();
          counts.totals.set(key, { total, expiresAt: now() + ttlMs });
          return total;
        })
        .finally(() => counts.counting.delete(key));
      counts.counting.set(key, pending);
    }
    return pending;
  }

  return {
    async get(ownerId: string, q: string | null, count: () => Promise<number>): Promise<number> {
      const key = q ?? '';
      if (sync) await sync();
      const counts = countsOf(ownerId);
      const known = counts.totals.get(key);
      if (known && known.expiresAt > now()) return known.total;
      const pending = recount(counts, key, count);
      if (!known) return pending;
      // A failed refresh leaves the old count; the next request tries again.
      pending.catch(() => {});
      return known.total;
    },
    /** The owner changed their patients: forgets their counts here and in other instances. */
    invalidate(ownerId: string): Promise<void> {
      byOwner.delete(ownerId);
      return publish(ownerId);
    },
    /** Forgets the owner's counts; one under way is kept by the forgotten entry only. */
    forget(ownerId: string): void {
      byOwner.delete(ownerId);
    },
    /** Forgets every count (changes from other instances may have been missed). */
    clear(): void {
      byOwner.clear();
    },
  };
}

export type CountCache = ReturnType<typeof createCountCache>;
