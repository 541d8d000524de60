import type { z } from 'zod';
import type { TPaymentsScript } from '@portal/shared/public-config';
import type { Config } from '../../config.ts';
import { PAYMENTS_PROVIDERS } from './definitions.ts';
import type { PaymentsProvider, PaymentsProviderDefinition, ProviderSettings } from './payments.ts';

/**
 * The provider the config chose, out of those in definitions.ts (which config.ts reads to parse
 * their variables, so they cannot depend on the parsed config).
 */
export function paymentsDefinitionOf(config: Config): PaymentsProviderDefinition {
  return PAYMENTS_PROVIDERS[config.PAYMENTS_PROVIDER];
}

/** Config parsed every provider's `env` (PAYMENTS_ENV), so it holds the chosen one's settings. */
function settingsOf(config: Config): ProviderSettings<z.ZodRawShape> {
  return config as unknown as ProviderSettings<z.ZodRawShape>;
}

export function createPaymentsProvider(config: Config): Promise<PaymentsProvider> {
  return paymentsDefinitionOf(config).create(settingsOf(config));
}

/** The browser's payment script for `GET /api/config`, or null. */
export function paymentsScriptOf(config: Config): TPaymentsScript | null {
  return paymentsDefinitionOf(config).browserScript(settingsOf(config));
}
