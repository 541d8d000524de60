import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TAuditAction } from '@portal/shared/audit';
import { etagOf } from '../lib/etag.ts';
import { sendPage, type Page } from '../lib/paging.ts';
import type { Actor } from '../modules/audit/owned-records.ts';
import {
  actorOf,
  auditInvalidBody,
  ownedRecordErrors as errors,
  ZIfMatch,
  ZItemId,
  ZPatientParams,
  type RecordInvalidAttempt,
} from '../modules/audit/owned-records.http.ts';

/** An item as answered: its version (`updatedAt`) is its `ETag`. */
interface VersionedItem {
  updatedAt: string;
}

/** Where an item lives: the actor asking and the patient of the path. */
export interface PatientPlace {
  actor: Actor;
  patientId: string;
}

/**
 * What the routes ask of a sub-resource's service, created once per app: scoped by owner and
 * patient (someone else's is a 404), every read, change and refusal audited.
 */
export interface PatientResourceService<Item, Input, Query> {
  findItems(args: PatientPlace & Query): Promise<Page<Item>>;
  createItem(args: PatientPlace & { input: Input }): Promise<Item>;
  getItem(args: PatientPlace & { id: string }): Promise<Item>;
  /** With `ifMatch` (an `ETag`), only that version is replaced. */
  updateItem(args: PatientPlace & { id: string; input: Input; ifMatch?: string }): Promise<Item>;
  recordInvalidAttempt: RecordInvalidAttempt;
}

type Responses = Record<number, z.ZodType>;

/** One entity under /api/records/patients/{id}/<segment>: its schemas, words and service. */
export interface PatientResourceDefinition<
  Item extends z.ZodType,
  Input extends z.ZodType,
  Query extends z.ZodType,
> {
  /** 'carePlan': the id parameter is `carePlanId`, described as 'The carePlan `_id`'. */
  kind: string;
  /** 'care-plans': the path segment, and the OpenAPI tag unless `tag` names another. */
  segment: string;
  /** The OpenAPI tag when it is not the segment ('care plans' under `care-plans`). */
  tag?: string;
  /** The route config of every route registered here (`MEMBERS_ONLY`: the members-only gate). */
  config?: FastifyContextConfig;
  item: Item;
  input: Input;
  listQuery: Query;
  /** What a stale `If-Match` gets: 'a changed record then answers 409'. */
  staleAnswer: string;
  summaries: { list: string; create: string; read: string; update: string };
  createDescription?: string;
  /** Further answers of a create or an update (a business rule's 409, a stale version's 412). */
  conflicts?: { create?: Responses; update?: Responses };
  service: PatientResourceService<z.infer<Item>, z.infer<Input>, z.infer<Query>>;
}

/** A further action on one item: POST …/{itemId}/<verb>, answering the whole item. */
export interface ItemAction<Item> {
  verb: string;
  summary: string;
  /** The action's body, checked by the schema; a refused one is audited as `audit`. */
  body?: z.ZodType;
  audit: TAuditAction;
  /** Whether the action takes `If-Match`. */
  isVersioned: boolean;
  status: 200 | 201;
  conflicts: Responses;
  run(args: PatientPlace & { id: string; body: unknown; ifMatch?: string }): Promise<Item>;
}

/** Another route under one item, …/{itemId}/<path>, answering 200 with its own kind of answer. */
export interface ItemRoute<Query extends z.ZodType, Body extends z.ZodType> {
  method: 'GET' | 'PUT';
  /** 'occurrences'. */
  path: string;
  summary: string;
  querystring?: Query;
  /** The body's schema; a refused one is audited as `audit`. */
  body?: { schema: Body; audit: TAuditAction };
  answer: z.ZodType;
  /** Further answers (a business rule's 409), declared in the OpenAPI document. */
  conflicts?: Responses;
  run(
    args: PatientPlace & { id: string; query: z.infer<Query>; body: z.infer<Body> },
  ): Promise<unknown>;
}

/**
 * Registers list, create, read and replace (with `If-Match`) of one patient sub-resource, in
 * this order, HTTP only: every handler is one service call and the item with its `ETag`.
 * Answers `itemAction` for the entity's own further actions (stop, sign, addenda), and
 * `itemRoute` for other routes under one item (a care plan's occurrences).
 */
export function patientResourceRoutes<
  Item extends z.ZodType,
  Input extends z.ZodType,
  Query extends z.ZodType,
>(app: FastifyInstance, definition: PatientResourceDefinition<Item, Input, Query>) {
  const { kind, segment, item, input, service, summaries, config, conflicts = {} } = definition;
  // The zod compilers are the app's; the types of these generic schemas are the definition's.
  const tags = [definition.tag ?? segment];
  const base = `/api/records/patients/:id/${segment}`;
  const idParam = `${kind}Id`;
  const ZItemParams = ZPatientParams.extend({ [idParam]: ZItemId(kind) });
  const ifMatch = ZIfMatch(definition.staleAnswer);
  const onInvalidBody = (action: TAuditAction) =>
    auditInvalidBody(service.recordInvalidAttempt, { id: idParam, patientId: 'id' }, action);

  /** The path's patient and item, and who asks. */
  const placeOf = async (request: FastifyRequest) => {
    const params = request.params as Record<string, string>;
    return { actor: await actorOf(request), patientId: params.id!, id: params[idParam]! };
  };
  const bodyOf = (request: FastifyRequest) => request.body as z.infer<Input>;
  const ifMatchOf = (request: FastifyRequest) =>
    (request.headers as { 'if-match'?: string })['if-match'];
  const sendItem = (reply: FastifyReply, status: 200 | 201, answer: z.infer<Item>) =>
    reply
      .code(status)
      .header('etag', etagOf(answer as VersionedItem))
      .send(answer);

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: summaries.list,
        params: ZPatientParams,
        querystring: definition.listQuery,
        response: { 200: z.array(item), ...errors },
      },
    },
    async (request, reply) => {
      const { actor, patientId } = await placeOf(request);
      const query = request.query as z.infer<Query> & object;
      const page = await service.findItems({ actor, patientId, ...query });
      return sendPage(request, reply, page);
    },
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: summaries.create,
        ...(definition.createDescription && { description: definition.createDescription }),
        params: ZPatientParams,
        body: input,
        response: { 201: item, ...errors, ...conflicts.create },
      },
      onError: onInvalidBody('create'),
    },
    async (request, reply) => {
      const { actor, patientId } = await placeOf(request);
      const created = await service.createItem({ actor, patientId, input: bodyOf(request) });
      return sendItem(reply, 201, created);
    },
  );

  app.get(
    `${base}/:${idParam}`,
    {
      config,
      schema: {
        tags,
        summary: summaries.read,
        params: ZItemParams,
        response: { 200: item, ...errors },
      },
    },
    async (request, reply) => sendItem(reply, 200, await service.getItem(await placeOf(request))),
  );

  app.put(
    `${base}/:${idParam}`,
    {
      config,
      schema: {
        tags,
        summary: summaries.update,
        params: ZItemParams,
        headers: ifMatch,
        body: input,
        response: { 200: item, ...errors, ...conflicts.update },
      },
      onError: onInvalidBody('update'),
    },
    async (request, reply) => {
      const updated = await service.updateItem({
        ...(await placeOf(request)),
        input: bodyOf(request),
        ifMatch: ifMatchOf(request),
      });
      return sendItem(reply, 200, updated);
    },
  );

  /** Registers POST …/{itemId}/<verb>, after the four above. */
  function itemAction(action: ItemAction<z.infer<Item>>) {
    app.post(
      `${base}/:${idParam}/${action.verb}`,
      {
        config,
        schema: {
          tags,
          summary: action.summary,
          params: ZItemParams,
          ...(action.isVersioned && { headers: ifMatch }),
          ...(action.body && { body: action.body }),
          response: { [action.status]: item, ...errors, ...action.conflicts },
        },
        ...(action.body && { onError: onInvalidBody(action.audit) }),
      },
      async (request, reply) => {
        const done = await action.run({
          ...(await placeOf(request)),
          body: request.body,
          ifMatch: ifMatchOf(request),
        });
        return sendItem(reply, action.status, done);
      },
    );
  }

  /** Registers `route` under one item, after the four above. */
  function itemRoute<
    RouteQuery extends z.ZodType = z.ZodUnknown,
    Body extends z.ZodType = z.ZodUnknown,
  >(route: ItemRoute<RouteQuery, Body>) {
    app.route({
      method: route.method,
      url: `${base}/:${idParam}/${route.path}`,
      config,
      schema: {
        tags,
        summary: route.summary,
        params: ZItemParams,
        ...(route.querystring && { querystring: route.querystring }),
        ...(route.body && { body: route.body.schema }),
        response: { 200: route.answer, ...errors, ...route.conflicts },
      },
      ...(route.body && { onError: onInvalidBody(route.body.audit) }),
      handler: async (request) =>
        route.run({
          ...(await placeOf(request)),
          query: request.query as z.infer<RouteQuery>,
          body: request.body as z.infer<Body>,
        }),
    });
  }

  return { itemAction, itemRoute };
}
