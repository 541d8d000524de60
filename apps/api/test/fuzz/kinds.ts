import fc from 'fast-check';
import type pg from 'pg';
import type { z } from 'zod';
import type { TTimelineEntry } from '@portal/shared/timeline';
import type { ApiPatientKind } from '../../src/kinds/kind.ts';
import { API_KINDS } from '../../src/kinds/registry.ts';
import { collectionAnswers, collectionBodies } from './collection-schemas.ts';
import type { JsonSchema } from './json-schema.ts';
import { extrasOf, type ClinicalItem, type KindSnapshot, type KindView } from './kind-extras.ts';
import type { Operation } from './openapi.ts';
import type { Hints } from './schema-arbitraries.ts';

/**
 * The fuzz campaign's generators and checks for every patient-owned kind of the API's registry,
 * each read from its declaration: its table, its `{<kind>Id}` path parameter, its collection
 * under /api/records/patients/{id}/<segment>, its schemas and its example bodies. A registered
 * kind is fuzzed, its answers checked against its schemas and its rows traced to the requests
 * that may change them, with no line here naming it; what one kind does beyond the shared
 * routes (kind-extras.ts) is keyed by the kind.
 */

export type { ClinicalItem } from './kind-extras.ts';

const NOTHING_READ: KindSnapshot = { ids: [], days: [] };

/** Every kind's items by its table, and what the extras read beside them, by kind. */
export interface KindPools {
  items: Record<string, ClinicalItem[]>;
  extras: Record<string, KindSnapshot>;
}

export const KIND_TABLES = API_KINDS.map((declaration) => declaration.table);

const collectionPath = ({ shared }: ApiPatientKind) =>
  `/api/records/patients/{id}/${shared.segment}`;
const itemParam = ({ shared }: ApiPatientKind) => `${shared.kind}Id`;
const itemPath = (declaration: ApiPatientKind) =>
  `${collectionPath(declaration)}/{${itemParam(declaration)}}`;

/** The kind whose collection an OpenAPI path is in (the collection itself or below it). */
function kindOfPath(path: string): ApiPatientKind | undefined {
  return API_KINDS.find((declaration) => {
    const collection = collectionPath(declaration);
    return path === collection || path.startsWith(`${collection}/`);
  });
}

const kindOfLabel = (label: string) => kindOfPath(label.slice(label.indexOf(' ') + 1));
const kindOfParam = (name: string) =>
  API_KINDS.find((declaration) => itemParam(declaration) === name);

function viewOf(declaration: ApiPatientKind, pools: KindPools): KindView {
  return {
    items: pools.items[declaration.table] ?? [],
    ...(pools.extras[declaration.shared.kind] ?? NOTHING_READ),
  };
}

/** No items yet: what the pools hold before the first snapshot. */
export function emptyKindPools(): KindPools {
  return {
    items: Object.fromEntries(KIND_TABLES.map((table) => [table, []])),
    extras: {},
  };
}

/** Every kind's items (and what its extras read), for the pools and the privacy check. */
export async function snapshotKinds(pool: pg.Pool): Promise<KindPools> {
  const pools = emptyKindPools();
  await Promise.all(
    API_KINDS.map(async (declaration) => {
      const { table } = declaration;
      const { rows } = await pool.query<{
        id: string;
        owner_id: string;
        patient_id: string;
        updated_at: Date;
      }>(`select id, owner_id, patient_id, updated_at from ${table} order by created_at, id`);
      pools.items[table] = rows.map((row) => ({
        id: row.id,
        ownerId: row.owner_id,
        patientId: row.patient_id,
        updatedAt: row.updated_at.toISOString(),
      }));
      const snapshot = extrasOf(declaration.shared.kind)?.snapshot;
      if (snapshot) pools.extras[declaration.shared.kind] = await snapshot(pool, table);
    }),
  );
  return pools;
}

type PathValue = { value: string; raw?: string };

/** `{<kind>Id}`: the actor's own items, someone else's, random ids, junk; else undefined. */
export function kindPathValue(
  name: string,
  actorId: string,
  pools: KindPools,
  junk: fc.Arbitrary<PathValue>,
): fc.Arbitrary<PathValue> | undefined {
  const declaration = kindOfParam(name);
  if (!declaration) return undefined;
  const { items } = viewOf(declaration, pools);
  const ids = (list: ClinicalItem[]) =>
    list.length
      ? fc.constantFrom(...list.map((item) => ({ value: item.id })))
      : fc.uuid().map((value) => ({ value }));
  return fc.oneof(
    { weight: 6, arbitrary: ids(items.filter((item) => item.ownerId === actorId)) },
    { weight: 3, arbitrary: ids(items.filter((item) => item.ownerId !== actorId)) },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
    { weight: 1, arbitrary: junk },
  );
}

/**
 * The path of an item route, `{id}` and the item's id together: mostly one of the actor's own
 * items under its own patient (drawn apart, the two would rarely belong together), otherwise
 * the parameters drawn one by one. Undefined for other routes.
 */
export function kindPathValues(
  operation: Operation,
  actorId: string,
  pools: KindPools,
  oneByOne: fc.Arbitrary<PathValue[]>,
): fc.Arbitrary<PathValue[]> | undefined {
  const names = operation.pathParams.map(({ name }) => name);
  const declaration = names.map(kindOfParam).find(Boolean);
  if (!declaration || names.join() !== `id,${names[1]}`) return undefined;
  const view = viewOf(declaration, pools);
  const own = view.items.filter((item) => item.ownerId === actorId);
  if (own.length === 0) return oneByOne;
  const drawn = extrasOf(declaration.shared.kind)?.itemPathValues?.(
    operation,
    actorId,
    view,
    oneByOne,
  );
  return (
    drawn ??
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .constantFrom(...own)
          .map((item) => [{ value: item.patientId }, { value: item.id }]),
      },
      { weight: 2, arbitrary: oneByOne },
    )
  );
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * The values each field takes in a kind's example bodies (the created one and its
 * replacement), by field name at any depth, as the schema arbitraries look hints up: a list of
 * plain values is a value, a list of objects is walked into.
 */
function exampleValues(bodies: unknown[]): Map<string, unknown[]> {
  const values = new Map<string, unknown[]>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object')
      for (const [key, field] of Object.entries(value)) {
        const isPlain = isScalar(field) || (Array.isArray(field) && field.every(isScalar));
        if (isPlain) values.set(key, [...(values.get(key) ?? []), field]);
        else walk(field);
      }
  };
  bodies.forEach(walk);
  return values;
}

const exampleHintsByKind = new Map(
  API_KINDS.map((declaration) => {
    const examples = [declaration.example.body(), declaration.example.changed()];
    // As validated too: the defaults the examples leave out are values the fields take.
    const validated = examples.map((body) => declaration.schemas.input.safeParse(body).data);
    const values = exampleValues([...examples, ...validated]);
    const hints: Hints = {};
    for (const [key, list] of values) {
      const distinct = [...new Map(list.map((value) => [JSON.stringify(value), value])).values()];
      hints[key] = fc.constantFrom(...distinct);
    }
    return [declaration.shared.kind, hints];
  }),
);

/**
 * Bodies of a kind's routes that mostly pass validation: each field its example's values (the
 * schema arbitraries mix in their own now and then), and what the kind's extras add.
 */
export function kindHints(operation: Operation, pools: KindPools): Hints {
  const declaration = kindOfPath(operation.path);
  if (!declaration) return {};
  const { kind } = declaration.shared;
  return {
    ...exampleHintsByKind.get(kind),
    ...extrasOf(kind)?.hints?.(viewOf(declaration, pools)),
  };
}

/**
 * `If-Match` of a change under an item: half the time the current version of the actor's item
 * in the path, else one of the actor's current versions, `*`, or a stale or junk one.
 */
export function kindIfMatch(
  operation: Operation,
  actorId: string,
  pools: KindPools,
  pathValues: Record<string, string>,
): fc.Arbitrary<string | undefined> | undefined {
  const declaration = operation.pathParams.map(({ name }) => kindOfParam(name)).find(Boolean);
  if (!declaration || operation.method === 'GET') return undefined;
  const own = viewOf(declaration, pools).items.filter((item) => item.ownerId === actorId);
  const named = own.find((item) => item.id === pathValues[itemParam(declaration)]);
  const versions = fc.constantFrom(
    ...own.map((item) => `"${item.updatedAt}"`),
    '*',
    'W/"2020-01-01T00:00:00.000Z"',
    'garbage',
  );
  return fc.option(named ? fc.oneof(fc.constant(`"${named.updatedAt}"`), versions) : versions, {
    nil: undefined,
  });
}

/**
 * The rows a successful request may have changed: the item a create answers, the item a
 * replace names, and the item of a route the kind's extras say changes it (a stop).
 */
export function explainKindRows(
  label: string,
  pathValues: Record<string, string>,
  answer: { _id?: string } | undefined,
  rows: Record<string, Set<string>>,
): void {
  const declaration = kindOfLabel(label);
  if (!declaration) return;
  const changed = rows[declaration.table]!;
  const item = pathValues[itemParam(declaration)];
  if (label === `POST ${collectionPath(declaration)}` && answer?._id) changed.add(answer._id);
  if (label === `PUT ${itemPath(declaration)}` && item) changed.add(item);
  const routes = extrasOf(declaration.shared.kind)?.itemRoutes ?? {};
  for (const [route, { changesItem }] of Object.entries(routes))
    if (changesItem && label === itemRouteLabel(declaration, route) && item) changed.add(item);
}

/** A 2xx about a kind's items must be about the caller's own, whatever the kind. */
export function kindPrivacyProblems(
  label: string,
  pathValues: Record<string, string>,
  json: unknown,
  actorId: string,
  pools: KindPools,
): string[] {
  const declaration = kindOfLabel(label);
  if (!declaration) return [];
  const { table } = declaration;
  const { items } = viewOf(declaration, pools);
  const ownerOf = (id: string) => items.find((item) => item.id === id)?.ownerId;
  const answered = Array.isArray(json) ? json : [json];
  return (answered as Array<{ _id?: string }>)
    .filter((item) => item?._id && ownerOf(item._id) !== actorId)
    .map((item) => `${label} answered ${table} ${item._id} of someone else`)
    .concat(
      Object.values(pathValues).some((id) =>
        items.some((item) => item.id === id && item.ownerId !== actorId),
      )
        ? [`${label} succeeded on someone else's ${table}`]
        : [],
    );
}

/** `POST …/{<kind>Id}/stop` from the extras' `'POST stop'`. */
function itemRouteLabel(declaration: ApiPatientKind, route: string): string {
  const [method, rest] = route.split(' ');
  return `${method} ${itemPath(declaration)}/${rest}`;
}

function itemRouteSchemas<Key extends 'answers' | 'body'>(declaration: ApiPatientKind, key: Key) {
  const routes = extrasOf(declaration.shared.kind)?.itemRoutes ?? {};
  return Object.fromEntries(
    Object.entries(routes)
      .filter(([, route]) => route[key])
      .map(([route, schemas]) => [itemRouteLabel(declaration, route), schemas[key]!]),
  );
}

/** The shared zod schemas of every kind's answers, by route label. */
export const KIND_RESPONSES: Record<string, Record<number, z.ZodType>> = Object.assign(
  {},
  ...API_KINDS.map((declaration) => ({
    ...collectionAnswers(
      collectionPath(declaration),
      `{${itemParam(declaration)}}`,
      declaration.schemas.item,
    ),
    ...itemRouteSchemas(declaration, 'answers'),
    ...extrasOf(declaration.shared.kind)?.answers,
  })),
);

/** The shared zod schemas of every kind's request bodies, by route label. */
export const KIND_BODIES: Record<string, z.ZodType> = Object.assign(
  {},
  ...API_KINDS.map((declaration) => ({
    ...collectionBodies(
      collectionPath(declaration),
      `{${itemParam(declaration)}}`,
      declaration.schemas.input,
    ),
    ...itemRouteSchemas(declaration, 'body'),
  })),
);

/** Fields the kinds' own refusals add to the one error body (kind-extras.ts). */
export const KIND_ERROR_FIELDS: Record<string, JsonSchema> = Object.assign(
  {},
  ...API_KINDS.map((declaration) => extrasOf(declaration.shared.kind)?.errorFields),
);

/** The items a timeline may name, with their owners: every kind's, by the item each entry names. */
export function kindTimelineOwners(pools: KindPools) {
  const owners = new Map<string, string>();
  for (const items of Object.values(pools.items))
    for (const item of items) owners.set(item.id, item.ownerId);
  return {
    owners,
    /** The id of the item an entry names: its `itemId`, unless its kind's extras say otherwise. */
    itemOf: (entry: TTimelineEntry) =>
      API_KINDS.map((declaration) =>
        extrasOf(declaration.shared.kind)?.timelineItemId?.(entry),
      ).find((id) => id !== undefined) ?? entry.itemId,
  };
}

/** A seed of each kind: its example body, and whether only a member may create it. */
export const KIND_SEEDS = API_KINDS.map((declaration) => ({
  segment: declaration.shared.segment,
  isMembersOnly: declaration.isMembersOnly,
  body: declaration.example.body,
}));
