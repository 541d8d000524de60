/**
 * The words the layout's polite live region reads out. Features announce results here
 * (signed in, signed out, no match…) instead of each keeping a live region of its own that
 * may not exist yet when the text changes, which screen readers then miss.
 */
export interface Announcement {
  id: number;
  text: string;
}

let current: Announcement | null = null;
let pending: string[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Reads `text` out now (politely: after what the screen reader is saying). */
export function announce(text: string): void {
  current = { id: nextId++, text };
  emit();
}

/**
 * Reads `text` out together with the next page's name, for results that are followed by a
 * navigation (signed in, then Home): announced at once, the page change would cut them off.
 */
export function announceWithNextPage(text: string): void {
  pending.push(text);
}

/** The layout calls this when a page has arrived: queued results first, then the page. */
export function announcePage(text: string): void {
  const texts = [...pending, text];
  pending = [];
  announce(texts.join(' '));
}

/**
 * Empties the live region, as after a language switch: a screen reader browsing the page would
 * otherwise still find the last announcement there, in the language the person has just left.
 */
export function clearAnnouncement(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAnnouncement(): Announcement | null {
  return current;
}
