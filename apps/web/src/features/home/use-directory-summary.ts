import { useEffect, useState } from 'react';
import type { TDirectorySummary } from '@portal/shared/directory-public';

/**
 * `GET /api/directory/summary`, once when the page starts: what the directory holds, or
 * `undefined` while it is asked and when it could not be (the counters then claim nothing).
 * A plain fetch: the home page is a guest's first page and does not load the API client for it.
 */
export function useDirectorySummary(): TDirectorySummary | undefined {
  const [summary, setSummary] = useState<TDirectorySummary>();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/directory/summary', {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) =>
        response.ok ? (response.json() as Promise<TDirectorySummary>) : undefined,
      )
      .then((answer) => answer && setSummary(answer))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return summary;
}
