import type { TSearchField, TSearchHit } from '@portal/shared/search';

type Snippet = TSearchHit['snippet'];
type Segment = Snippet['segments'][number];

/** Characters of context kept on each side of the first match. */
const CONTEXT = 60;

/**
 * The text lower-cased code point by code point, with, for each code unit of the result, the
 * index in the original it came from: a few characters change length when lower-cased ('İ'
 * becomes two code units), and offsets must point into the text as written.
 */
function lowerWithOrigins(text: string): { lower: string; origins: number[] } {
  let lower = '';
  const origins: number[] = [];
  for (let index = 0; index < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(index)!);
    const lowered = char.toLowerCase();
    for (let unit = 0; unit < lowered.length; unit += 1) origins.push(index);
    lower += lowered;
    index += char.length;
  }
  origins.push(text.length);
  return { lower, origins };
}

/** Every non-overlapping occurrence of `needle` (lower case) in `text`, as [start, end) of `text`. */
export function findMatches(text: string, needle: string): [number, number][] {
  if (needle === '') return [];
  const { lower, origins } = lowerWithOrigins(text);
  const ranges: [number, number][] = [];
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    // The end maps to where the last matched unit's character ends in the original.
    const lastOrigin = origins[at + needle.length - 1]!;
    const end = lastOrigin + String.fromCodePoint(text.codePointAt(lastOrigin)!).length;
    ranges.push([origins[at]!, end]);
  }
  return ranges;
}

/** Moves a cut point off the second half of a surrogate pair, so no character is split. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** The window of `text` around its first match, cut into plain and matched pieces. */
function segmentsAround(text: string, ranges: [number, number][]): Segment[] {
  const first = ranges[0]!;
  const start = safeCut(text, Math.max(0, first[0] - CONTEXT));
  const end = safeCut(text, Math.min(text.length, first[1] + CONTEXT));
  const segments: Segment[] = [];
  const push = (piece: string, isMatch: boolean) => {
    if (piece !== '') segments.push({ text: piece, isMatch });
  };
  let at = start;
  for (const [from, to] of ranges) {
    if (from >= end) break;
    push(text.slice(at, from), false);
    push(text.slice(from, Math.min(to, end)), true);
    at = Math.min(to, end);
  }
  push(text.slice(at, end), false);
  if (start > 0) segments.unshift({ text: '…', isMatch: false });
  if (end < text.length) segments.push({ text: '…', isMatch: false });
  return segments;
}

/**
 * The snippet of the first field (in the order given) that contains the query. The database
 * matched on all fields joined by spaces, so a query spanning two fields finds no single one:
 * the first non-empty field is then shown without marks.
 */
export function snippetOf(fields: [TSearchField, string][], query: string): Snippet {
  const needle = query.toLowerCase();
  for (const [field, text] of fields) {
    const ranges = findMatches(text, needle);
    if (ranges.length > 0) return { field, segments: segmentsAround(text, ranges) };
  }
  const [field, text] = fields.find(([, value]) => value !== '') ?? fields[0]!;
  const cut = safeCut(text, Math.min(text.length, 2 * CONTEXT));
  const segments: Segment[] = text === '' ? [] : [{ text: text.slice(0, cut), isMatch: false }];
  if (cut < text.length) segments.push({ text: '…', isMatch: false });
  return { field, segments };
}
