/**
 * A prerendered page is on screen, its links working, before the app's code has run. Until
 * then its buttons and the language selector have no handler: a press would be lost, and a
 * language picked would be set back by hydration. boot.ts, the page's first and smallest
 * script, starts keeping that input, and acts on it, in order, as soon as the app's first render
 * is on screen with every handler in place. If the app rendered afresh instead of hydrating, the controls are found
 * again at the same place in the page, so what was typed and where focus was survive too.
 */

import { SELECT_BROWSING_KEYS as BROWSING_KEYS } from '../a11y/select-browsing-keys.ts';

/** Where a control is: child indices from the app's root element. */
type Place = number[];

type Kept =
  | { kind: 'press'; place: Place }
  | { kind: 'choice'; place: Place; value: string }
  | { kind: 'browse'; place: Place; value: string }
  | { kind: 'text'; place: Place; value: string };

let root: HTMLElement | null = null;
let kept: Kept[] = [];
let focused: Place | null = null;
/** The select whose value the arrow keys are moving, if any. */
let browsing: HTMLSelectElement | null = null;

function placeOf(element: Element): Place {
  const place: Place = [];
  for (let node = element; node !== root && node.parentElement; node = node.parentElement) {
    place.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return place;
}

function elementAt(place: Place): Element | undefined {
  let node: Element | undefined = root ?? undefined;
  for (const index of place) node = node?.children[index];
  return node;
}

function controlOf(event: Event): Element | null {
  const target = event.target instanceof Element ? event.target : null;
  if (!root || !target || !root.contains(target)) return null;
  if (event.type === 'focusin') return target;
  if (event.type === 'click') return target.closest('button');
  if (event.type === 'keydown') return target.closest('select');
  return target.closest('select, input, textarea');
}

function keep(event: Event): void {
  const control = controlOf(event);
  if (!control) return;
  const place = placeOf(control);
  if (event.type === 'focusin') {
    focused = place;
    return;
  }
  if (event instanceof KeyboardEvent) {
    if (!(control instanceof HTMLSelectElement)) return;
    if (BROWSING_KEYS.has(event.key)) browsing = control;
    if (event.key !== 'Enter' || browsing !== control) return;
    browsing = null;
    kept = kept.filter((entry) => entry.kind !== 'browse');
    kept.push({ kind: 'choice', place, value: control.value });
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    // Typing is native and kept by hydration; only a fresh render needs the last value back.
    kept = kept.filter((entry) => entry.kind !== 'text' || entry.place.join() !== place.join());
    kept.push({ kind: 'text', place, value: control.value });
    return;
  }
  if (control instanceof HTMLSelectElement) {
    if (event.type !== 'change') return;
    if (browsing === control) {
      kept = kept.filter((entry) => entry.kind !== 'browse');
      kept.push({ kind: 'browse', place, value: control.value });
    } else kept.push({ kind: 'choice', place, value: control.value });
  } else {
    // A submit button would send its form before the app could check it.
    event.preventDefault();
    kept.push({ kind: 'press', place });
  }
  // The app acts on it later, once; nothing may act on it now (React, part way through
  // starting, would act on some of it and drop the rest).
  event.stopImmediatePropagation();
}

const EVENTS = ['click', 'change', 'input', 'focusin', 'keydown'] as const;

/** Starts keeping the input given to the page in `container` before the app runs. */
export function keepEarlyInput(container: HTMLElement): void {
  root = container;
  for (const type of EVENTS) document.addEventListener(type, keep, true);
}

/** Sets a field's value so that React's onChange sees it, as if it had been typed. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (field.value === value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Stops keeping input and acts on what was kept, on the page as the app now shows it. Call once
 * the app's first render is on screen, so that every handler is in place.
 */
export function replayEarlyInput(): void {
  for (const type of EVENTS) document.removeEventListener(type, keep, true);
  const toReplay = kept;
  kept = [];
  browsing = null;
  const wasFocused = focused && elementAt(focused);
  focused = null;
  // A fresh render replaced the element that had focus; put it on its replacement.
  if (wasFocused instanceof HTMLElement && !root?.contains(document.activeElement)) {
    wasFocused.focus();
  }
  for (const entry of toReplay) {
    const control = elementAt(entry.place);
    if (entry.kind === 'press' && control instanceof HTMLElement) {
      control.click();
    } else if (entry.kind === 'choice' && control instanceof HTMLSelectElement) {
      control.value = entry.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (entry.kind === 'browse' && control instanceof HTMLSelectElement) {
      // Browsed to, not chosen: the app's selector is told it came from the arrow keys.
      control.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      control.value = entry.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (
      entry.kind === 'text' &&
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
    ) {
      typeInto(control, entry.value);
    }
  }
  root = null;
}
