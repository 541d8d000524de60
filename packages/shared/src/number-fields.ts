import { z } from 'zod';

/** Whole-number fields, built one way for every entity: one message for every failure. */

function inRange<T extends z.ZodNumber | z.ZodCoercedNumber>(
  base: T,
  min: number,
  max: number,
  error: string,
): T {
  // Each check answers the schema it is called on (`this`): the base's own type.
  return base.int({ error }).min(min, { error }).max(max, { error }) as T;
}

/** A whole number from `min` to `max` in a JSON body; anything else is refused with `message`. */
export function wholeNumber(min: number, max: number, message: string) {
  return inRange(z.number({ error: message }), min, max, message);
}

/** The same, read from a query string's text (`?limit=20`). */
export function wholeNumberFromText(min: number, max: number, message: string) {
  return inRange(z.coerce.number({ error: message }), min, max, message);
}
