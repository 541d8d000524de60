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
  return formFields(schema).map((field) => field.path);
}

/** What kind of control a leaf field takes: a text box, a number box, a choice or a checkbox. */
export type FieldKind = 'text' | 'number' | 'choice' | 'boolean';

/** A leaf field as a form lays it out: its path, dotted name, kind and the limits the schema sets. */
export interface FormFieldSpec {
  path: string[];
  /** `emergencyContact.phone`: the name form libraries and server `fieldErrors` use. */
  name: string;
  kind: FieldKind;
  /** `.optional()` or `.default()`: may be left blank. */
  isOptional: boolean;
  /** A choice's values, in the schema's order (empty for the other kinds). */
  options: readonly string[];
  min?: number;
  max?: number;
}

/** Every leaf field of an object schema as a form lays it out, in schema order. */
export function formFields(schema: z.ZodObject, parent: string[] = []): FormFieldSpec[] {
  return Object.entries(schema.shape).flatMap(([key, field]): FormFieldSpec[] => {
    const path = [...parent, key];
    const inner = unwrapped(field as z.ZodType);
    if (inner instanceof z.ZodObject) return formFields(inner, path);
    const spec = {
      path,
      name: path.join('.'),
      // A default fills a field left blank, so it may be left blank like an optional one.
      isOptional: field instanceof z.ZodOptional || field instanceof z.ZodDefault,
      options: [] as readonly string[],
    };
    if (inner instanceof z.ZodNumber) {
      const { minValue, maxValue } = inner;
      // An unbounded number reports ±Infinity, which no input's min/max can say.
      const bound = (value: number | null) => (Number.isFinite(value) ? Number(value) : undefined);
      return [{ ...spec, kind: 'number', min: bound(minValue), max: bound(maxValue) }];
    }
    if (inner instanceof z.ZodBoolean) return [{ ...spec, kind: 'boolean' }];
    if (inner instanceof z.ZodEnum) {
      return [{ ...spec, kind: 'choice', options: inner.options.map(String) }];
    }
    return [{ ...spec, kind: 'text' }];
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
