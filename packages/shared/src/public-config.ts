import { z } from 'zod';

/** What `GET /api/config` tells the browser: only public values, never a secret. */
export const ZPublicConfig = z.object({
  authProvider: z.enum(['local', 'firebase']),
  firebase: z
    .object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() })
    .nullable(),
  paymentsProvider: z.enum(['local', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  premiumAmount: z.number(),
  premiumCurrency: z.string(),
  voice: z.object({ isEnabled: z.boolean(), agentId: z.string().nullable() }),
  hospitalSearchUrl: z.string(),
  contactPhone: z.string(),
});

export type TPublicConfig = z.infer<typeof ZPublicConfig>;
