import { useState } from 'react';

/**
 * The pages of a keyset-paged list shown one under the other: the first page's cursor
 * (none), then each next page's as "More results" is pressed. The component is keyed by its
 * search, so a new search starts again at the first page.
 */
export function useMorePages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursors,
    addPage: (cursor: string) =>
      setCursors((shown) => (shown.includes(cursor) ? shown : [...shown, cursor])),
  };
}
