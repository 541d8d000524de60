/**
 * Where the agenda's time grid puts things, in minutes after a day's midnight on the
 * practitioner's clock. The stylesheet turns minutes into lengths, so this stays pure.
 */

export const DAY_MINUTES = 24 * 60;

/** [start, end) in minutes after midnight. */
export interface Span {
  start: number;
  end: number;
}

/** An item placed in a day's column: `top`/`height` in minutes from the grid's first hour. */
export interface Placed<T> {
  item: T;
  top: number;
  height: number;
  /** Side by side with the others it overlaps: its place (0-based) among `lanes`. */
  lane: number;
  lanes: number;
}

/** What the grid shows when neither working hours nor appointments say otherwise. */
const QUIET_DAY: Span = { start: 8 * 60, end: 18 * 60 };

/**
 * The whole hours the grid shows: from the earliest start to the latest end of the working
 * hours and appointments shown, so an appointment at 22:10 is on the grid, not cut off.
 */
export function hoursShown(spans: readonly Span[]): Span {
  if (spans.length === 0) return QUIET_DAY;
  const first = Math.min(...spans.map((span) => span.start));
  const last = Math.max(...spans.map((span) => span.end));
  const start = Math.max(0, Math.floor(first / 60) * 60);
  const end = Math.min(DAY_MINUTES, Math.max(Math.ceil(last / 60) * 60, start + 60));
  return { start, end };
}

/** A span as the grid draws it: cut to the hours shown, offset from their start. */
export function offsetIn(span: Span, shown: Span): { top: number; height: number } {
  const start = Math.min(Math.max(span.start, shown.start), shown.end);
  const end = Math.min(Math.max(span.end, start), shown.end);
  return { top: start - shown.start, height: end - start };
}

/**
 * Places one day's items: each at its start, as tall as it lasts; items that overlap (directly
 * or through a chain of others) share the column's width, each in the first lane free at its
 * start, so none hides another.
 */
export function placeDay<T>(items: readonly (Span & { item: T })[], shown: Span): Placed<T>[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const placed: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const member of group) member.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const entry of sorted) {
    if (entry.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= entry.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = entry.end;
    groupEnd = Math.max(groupEnd, entry.end);
    const member = { item: entry.item, ...offsetIn(entry, shown), lane, lanes: 1 };
    group.push(member);
    placed.push(member);
  }
  closeGroup();
  return placed;
}
