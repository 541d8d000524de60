import { z } from 'zod';

/** An optional variable; blank counts as unset. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Only web addresses: a `javascript:` or `data:` URL must never become a link or a redirect. */
export function httpUrl(accepts: string) {
  return z.url({ protocol: /^https?$/, error: accepts });
}
