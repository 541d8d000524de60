// Paged lists of the API say where the next page is in a `Link` header (RFC 8288); the cursor
// in it is opaque. One parser for every list, written so that each character has one way to
// match (no super-linear backtracking on a hostile header: src/regex-safety.test.ts).

/** `<a>; rel=x, <b>; rel=y` split at the commas that start an entry (a URL may hold commas). */
function linkEntries(link: string): string[] {
  const entries: string[] = [];
  for (const piece of link.split(',')) {
    if (entries.length === 0 || piece.trimStart().startsWith('<')) entries.push(piece);
    else entries[entries.length - 1] += `,${piece}`;
  }
  return entries;
}

/** The `cursor` of the `rel="next"` entry of a `Link` header (RFC 8288), if any. */
export function nextCursorFrom(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  for (const entry of linkEntries(link)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(entry);
    if (!match) continue;
    const isNext = match[2]!
      .split(';')
      .map((param) => {
        // Trimmed first, quoted and bare values apart: each character has one way to match.
        const rel = /^rel\s*=\s*(?:"([^"]*)"|([^"\s]*))$/i.exec(param.trim());
        return rel?.[1] ?? rel?.[2];
      })
      .some((rel) => rel?.toLowerCase().split(/\s+/).includes('next'));
    if (!isNext) continue;
    const cursor = new URL(match[1]!, 'http://localhost').searchParams.get('cursor');
    if (cursor) return cursor;
  }
  return undefined;
}
