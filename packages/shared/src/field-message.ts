import type { z } from 'zod';

/**
 * The message `schema` gives for one field of `input` (its dotted path, as server `fieldErrors`
 * name it), or undefined when the input passes or that field has no issue.
 */
export function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}
