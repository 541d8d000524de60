import { z } from 'zod';

/** The one error body of every API error answer, for routes' OpenAPI responses. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
