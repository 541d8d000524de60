import { z } from 'zod';

/**
 * The shared zod schemas of one collection's routes, for the campaign's tables of answers and
 * bodies (checks.ts): `path` lists and creates the items, `path/{item}` reads and replaces one.
 */

/** The answers: the list (200, the items), the created item (201) and one item (200). */
export function collectionAnswers(
  path: string,
  itemParam: string,
  item: z.ZodType,
  created: z.ZodType = item,
): Record<string, Record<number, z.ZodType>> {
  return {
    [`GET ${path}`]: { 200: z.array(item) },
    [`POST ${path}`]: { 201: created },
    [`GET ${path}/${itemParam}`]: { 200: item },
    [`PUT ${path}/${itemParam}`]: { 200: item },
  };
}

/** The bodies: an item created and an item replaced take the same input. */
export function collectionBodies(
  path: string,
  itemParam: string,
  input: z.ZodType,
): Record<string, z.ZodType> {
  return { [`POST ${path}`]: input, [`PUT ${path}/${itemParam}`]: input };
}
