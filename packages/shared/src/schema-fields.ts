import { z } from 'zod';

/**
 * Field lists read from an entity's zod object schema, so that forms, exports and tests follow
 * the one definition instead of repeating its field names.
 */

/** The schema inside `.optional()` and `.default()`. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** Every leaf field as a path, in schema order: `['emergencyContact', 'phone']`. */
export function fieldPaths(schema: z.ZodObject): string[][] {
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    const inner = unwrapped(field as z.ZodType);
    return inner instanceof z.ZodObject ? fieldPaths(inner).map((path) => [key, ...path]) : [[key]];
  });
}

/** The value at a path of `fieldPaths`, or undefined. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node === null || node === undefined ? undefined : (node as never)[key]),
    value,
  );
}

/**
 * What an empty form holds for an object schema: '' for texts and choices (a select starts on
 * its placeholder), undefined for numbers (a blank box), false for booleans, objects alike.
 */
export function blankValues(schema: z.ZodObject): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const inner = unwrapped(field as z.ZodType);
      if (inner instanceof z.ZodObject) return [key, blankValues(inner)];
      if (inner instanceof z.ZodNumber) return [key, undefined];
      if (inner instanceof z.ZodBoolean) return [key, false];
      return [key, ''];
    }),
  );
}

/** Form values from a stored entity: its fields where it has them, blanks elsewhere. */
export function formValuesOf(schema: z.ZodObject, entity?: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(blankValues(schema)).map(([key, blank]) => {
      const value = (entity as Record<string, unknown> | undefined)?.[key];
      return [key, value ?? blank];
    }),
  );
}
