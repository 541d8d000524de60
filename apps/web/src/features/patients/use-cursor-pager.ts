import { useState } from 'react';

/**
 * Keyset paging over an opaque cursor: the API only knows "the page after this cursor", so
 * the cursors of the pages already visited are remembered to step back. Only the current
 * page is ever rendered. A new `key` (e.g. a new search) starts again at the first page;
 * `initialCursors` resumes where the list was left (Back from a patient's chart).
 */
export function useCursorPager(key = '', initialCursors?: (string | undefined)[]) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>(() => ({
    key,
    cursors: initialCursors ?? [undefined],
  }));
  const cursors = state.key === key ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    /** The cursors of the pages visited so far, to resume at this page. */
    cursors,
    /** Zero-based index of the current page. */
    pageIndex: cursors.length - 1,
    goNext: (cursor: string) => setState({ key, cursors: [...cursors, cursor] }),
    goPrevious: () =>
      setState({ key, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}

export type CursorPager = ReturnType<typeof useCursorPager>;
