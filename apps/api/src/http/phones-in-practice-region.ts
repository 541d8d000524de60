import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { withPhonesReadIn } from '@portal/shared/phone';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';

/** Whether a phone at one of `paths` has no `+`: only then does the region matter. */
function hasNationalPhone(body: unknown, paths: readonly string[]): boolean {
  return paths.some((path) => {
    const value = path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null ? (node as never)[key] : undefined,
        body,
      );
    return typeof value === 'string' && value.trim() !== '' && !value.trim().startsWith('+');
  });
}

/**
 * A `preValidation` hook: the phones at `paths` of the body dialled as in the signed-in
 * practitioner's practice country are put in E.164 before the schema reads the body, so one
 * validation answers every field's problem (the schema alone cannot know the country). The
 * country is read only for a body with a number without `+`, at each request: it may just have
 * changed.
 */
export function readPhonesInPracticeRegion(db: Db, paths: readonly string[]) {
  return async (request: FastifyRequest) => {
    if (!hasNationalPhone(request.body, paths)) return;
    let userId: string;
    try {
      userId = await request.currentUserId();
    } catch {
      // An identity that never signed in has no country: validation answers first, as for any
      // body, and the handler's own look-up then answers 401.
      return;
    }
    const [row] = await db
      .select({ country: users.practiceCountry })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    request.body = withPhonesReadIn(request.body, paths, row?.country ?? null);
  };
}
