import type { LightMyRequestResponse } from 'fastify';
import type { AuthHeaders, TestContext } from '../app.ts';

/**
 * The one builder of the API's entity factories (imported by tests only): each entity kept
 * under a patient gets its `url`, `post`, `put` and `postAction` (the raw answer, for tests of
 * refusals), `create` and `act` (the stored entity, or a thrown error naming what failed), so a
 * new entity is one call.
 */

export type App = Pick<TestContext, 'app'>;
/** A stored entity, as far as its paths need it. */
export type Stored = { _id: string; patientId: string };

/** The answer's body when it has the expected status; otherwise an error naming `what`. */
export function expectStatus<T>(response: LightMyRequestResponse, status: number, what: string): T {
  if (response.statusCode !== status) throw new Error(`${what} failed: ${response.body}`);
  return response.json();
}

export function patientEntityFactory<TInput extends object, TEntity>({
  what,
  segment,
  input,
}: {
  /** Names the entity in the error thrown when creating it fails. */
  what: string;
  /** The entity's path segment under a patient: `/api/records/patients/{id}/<segment>`. */
  segment: string;
  /** The full input from a test's overrides. */
  input: (overrides?: Partial<TInput>) => TInput;
}) {
  /** The entity's collection, or a path below it (`url(patientId, entityId, 'sign')`). */
  const url = (patientId: string, ...rest: string[]) =>
    ['/api/records/patients', patientId, segment, ...rest].join('/');
  const send = (
    ctx: App,
    headers: AuthHeaders,
    method: 'POST' | 'PUT',
    path: string,
    payload?: object,
  ) => ctx.app.inject({ method, url: path, headers, payload });
  function post(
    ctx: App,
    headers: AuthHeaders,
    patientId: string,
    overrides: Partial<TInput> = {},
  ) {
    return send(ctx, headers, 'POST', url(patientId), input(overrides));
  }
  /** Replaces a stored entity with the input from `overrides`. */
  function put(ctx: App, headers: AuthHeaders, entity: Stored, overrides: Partial<TInput> = {}) {
    return send(ctx, headers, 'PUT', url(entity.patientId, entity._id), input(overrides));
  }
  /** Posts an action on a stored entity (`url(patientId, entityId, action)`: `sign`, `stop`). */
  function postAction(
    ctx: App,
    headers: AuthHeaders,
    entity: Stored,
    action: string,
    payload?: object,
  ) {
    return send(ctx, headers, 'POST', url(entity.patientId, entity._id, action), payload);
  }
  async function create(...args: Parameters<typeof post>): Promise<TEntity> {
    return expectStatus<TEntity>(await post(...args), 201, what);
  }
  /** An action that must answer 200 with the entity (`sign`, `stop`): the entity as it now is. */
  async function act(...args: Parameters<typeof postAction>): Promise<TEntity> {
    const action = args[3];
    return expectStatus<TEntity>(await postAction(...args), 200, `${action} ${what}`);
  }
  return { url, post, put, postAction, create, act };
}
