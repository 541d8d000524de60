/**
 * Keys that move a closed select's value (and fire `change`) without anyone choosing: a value
 * reached with them is only browsed to until Enter (WCAG 3.2.2).
 */
export const SELECT_BROWSING_KEYS: ReadonlySet<string> = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
