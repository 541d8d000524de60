import type { z } from 'zod';
import { localPayments } from './local.ts';
import type { PaymentsProviderDefinition } from './payments.ts';
import { stripePayments } from './stripe.ts';

/**
 * The payment providers `PAYMENTS_PROVIDER` can name. A new provider is one file (its adapter
 * and its `definePaymentsProvider(...)`) and one entry here; config, CSP, log redaction,
 * `GET /api/config` and billing read the definition.
 */
const DEFINITIONS = [localPayments, stripePayments] as const;

type Definitions = typeof DEFINITIONS;
type Name = Definitions[number]['name'];

/** Every provider's variables in one shape (each definition's `env`, typed). */
type MergedEnv<T extends readonly { env: z.ZodRawShape }[]> = T extends readonly [
  infer Head extends { env: z.ZodRawShape },
  ...infer Rest extends readonly { env: z.ZodRawShape }[],
]
  ? Head['env'] & MergedEnv<Rest>
  : unknown;

export const PAYMENTS_PROVIDER_NAMES = DEFINITIONS.map((d) => d.name) as [Name, ...Name[]];

export const PAYMENTS_PROVIDERS = Object.fromEntries(DEFINITIONS.map((d) => [d.name, d])) as Record<
  Name,
  PaymentsProviderDefinition
>;

export const PAYMENTS_ENV = Object.assign(
  {},
  ...DEFINITIONS.map((d) => d.env),
) as MergedEnv<Definitions>;

/** Webhook signature headers of every provider, kept out of the logs whichever is chosen. */
export const PAYMENTS_SIGNATURE_HEADERS = DEFINITIONS.flatMap((d) =>
  d.webhookSignatureHeader ? [d.webhookSignatureHeader] : [],
);
