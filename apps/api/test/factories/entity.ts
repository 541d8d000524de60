import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../app.ts';

/**
 * The one builder of the API's entity factories (imported by tests only): each entity kept
 * under a patient gets `post` (the raw answer, for tests of refusals) and `create` (the
 * stored entity, or a thrown error naming what failed), so a new entity is one call.
 */

type Headers = Record<string, string>;

/** The answer's body when it has the expected status; otherwise an error naming `what`. */
export function expectStatus<T>(response: LightMyRequestResponse, status: number, what: string): T {
  if (response.statusCode !== status) throw new Error(`${what} failed: ${response.body}`);
  return response.json();
}

export function patientEntityFactory<TInput extends object, TEntity>({
  what,
  url,
  input,
}: {
  /** Names the entity in the error thrown when creating it fails. */
  what: string;
  url: (patientId: string) => string;
  /** The full input from a test's overrides. */
  input: (overrides?: Partial<TInput>) => TInput;
}) {
  function post(
    ctx: Pick<TestContext, 'app'>,
    headers: Headers,
    patientId: string,
    overrides: Partial<TInput> = {},
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: url(patientId),
      headers,
      payload: input(overrides),
    });
  }
  async function create(...args: Parameters<typeof post>): Promise<TEntity> {
    return expectStatus<TEntity>(await post(...args), 201, what);
  }
  return { post, create };
}
