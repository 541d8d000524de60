import { useState } from 'react';

/**
 * Keyset paging over an opaque cursor: the API only knows "the page after this cursor", so
 * the cursors of the pages already visited are remembered to step back. Only the current
 * page is ever rendered. A new `key` (e.g. a new search) starts again at the first page.
 */
export function useCursorPager(key = '') {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key,
    cursors: [undefined],
  });
  const cursors = state.key === key ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    /** Zero-based index of the current page. */
    pageIndex: cursors.length - 1,
    goNext: (cursor: string) => setState({ key, cursors: [...cursors, cursor] }),
    goPrevious: () =>
      setState({ key, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}

export type CursorPager = ReturnType<typeof useCursorPager>;
