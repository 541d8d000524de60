import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicConfig, type TPublicConfig } from '@portal/shared/public-config';
import type { Config } from '../config.ts';
import { paymentsScriptOf } from '../providers/payments/registry.ts';

export function toPublicConfig(config: Config): TPublicConfig {
  return {
    authProvider: config.AUTH_PROVIDER,
    firebase:
      config.AUTH_PROVIDER === 'firebase'
        ? {
            apiKey: config.FIREBASE_API_KEY!,
            authDomain: config.FIREBASE_AUTH_DOMAIN!,
            projectId: config.FIREBASE_PROJECT_ID!,
          }
        : null,
    paymentsProvider: config.PAYMENTS_PROVIDER,
    paymentsScript: paymentsScriptOf(config),
    premiumAmount: config.PREMIUM_AMOUNT,
    premiumCurrency: config.PREMIUM_CURRENCY,
    voice: {
      isEnabled: Boolean(config.RETELL_API_KEY && config.RETELL_AGENT_ID),
      agentId: config.RETELL_API_KEY ? (config.RETELL_AGENT_ID ?? null) : null,
    },
    contactPhone: config.CONTACT_PHONE,
    remindersSweepSeconds: config.REMINDERS_SWEEP_SECONDS,
  };
}

export async function configRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const body = toPublicConfig(config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public configuration the web app needs at start (no secrets)',
        security: [],
        response: { 200: ZPublicConfig },
      },
      config: { isPublic: true },
    },
    async () => body,
  );
}
