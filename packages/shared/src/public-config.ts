import { z } from 'zod';

/**
 * A payment provider's browser script: loaded from `src` on the premium page only, then
 * initialised by calling the global function it defines, `initialiser(publishableKey)`.
 */
export const ZPaymentsScript = z.object({
  src: z.url({ protocol: /^https$/ }),
  initialiser: z.string().regex(/^[A-Za-z_$][\w$]*$/),
  publishableKey: z.string(),
});

export type TPaymentsScript = z.infer<typeof ZPaymentsScript>;

/** What `GET /api/config` tells the browser: only public values, never a secret. */
export const ZPublicConfig = z.object({
  authProvider: z.enum(['local', 'firebase']),
  firebase: z
    .object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() })
    .nullable(),
  /** The configured `PAYMENTS_PROVIDER`; the browser needs only its script, if it has one. */
  paymentsProvider: z.string(),
  paymentsScript: ZPaymentsScript.nullable(),
  premiumAmount: z.number(),
  premiumCurrency: z.string(),
  voice: z.object({ isEnabled: z.boolean(), agentId: z.string().nullable() }),
  contactPhone: z.string(),
  /**
   * `REMINDERS_SWEEP_SECONDS`: how often the server looks for reminders that came, so the bell
   * asks for them at the same pace (never more than one sweep behind).
   */
  remindersSweepSeconds: z.number().int().min(1).max(3_600),
});

export type TPublicConfig = z.infer<typeof ZPublicConfig>;
