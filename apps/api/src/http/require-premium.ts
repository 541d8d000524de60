import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { ZApiError } from '../lib/api-error-schema.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Premium members only: everyone else gets 402 `PREMIUM_REQUIRED` (require-premium.ts). */
    membersOnly?: boolean;
  }
  interface FastifyInstance {
    /** Every members-only route, as registered: the gate's test walks this list. */
    membersOnlyRoutes: readonly { method: string; url: string }[];
  }
}

/** The route config that makes a route members-only. */
export const MEMBERS_ONLY = { membersOnly: true } as const;

const NOTE =
  'Premier members only: anyone else gets 402 `PREMIUM_REQUIRED` (premium is read at each request, so a refund ends it at once).';

/**
 * Whether the signed-in user is a premium member, read from the database at each request:
 * premium ends when a payment is refunded or disputed, so a remembered answer could be wrong.
 */
export async function isPremiumMember(db: Db, request: FastifyRequest): Promise<boolean> {
  const [row] = await db
    .select({ isPremium: users.isPremium })
    .from(users)
    .where(eq(users.id, await request.currentUserId()))
    .limit(1);
  return row?.isPremium === true;
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The one gate of the members-only routes. Registered on the root before the modules, it sees
 * every route: one whose config says `membersOnly` gets the check before validation (so a
 * non-member learns nothing from a 400 either), a documented 402 and a note in OpenAPI.
 */
export function registerMembersOnlyGate(app: FastifyInstance, { db }: { db: Db }) {
  const routes: { method: string; url: string }[] = [];
  app.decorate('membersOnlyRoutes', routes);

  const gate = async (request: FastifyRequest) => {
    if (!(await isPremiumMember(db, request))) throw new AppError('PREMIUM_REQUIRED');
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.membersOnly) return;
    for (const method of asArray(route.method)) routes.push({ method, url: route.url });
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      description: schema.description ? `${schema.description}\n\n${NOTE}` : NOTE,
      response: { ...((schema.response as object | undefined) ?? {}), 402: ZApiError },
    };
    route.preValidation = [gate, ...asArray(route.preValidation)];
  });
}
