import fc from 'fast-check';
import { FUZZ_REVIEWER } from './directory.ts';
import { authHeader, authKind, type AuthKind } from './auth-values.ts';
import { correctionParams } from './corrections.ts';
import { hintsFor } from './hints.ts';
import { refillParams } from './medicines.ts';
import { KIND_SEEDS, kindPathValues } from './kinds.ts';
import type { Operation } from './openapi.ts';
import { pathValue, visitParams } from './path-values.ts';
import type { Pools } from './pools.ts';
import { extraHeaders } from './request-headers.ts';
import { encodeSegment, queryString, wellFormed } from './url-parts.ts';
import { bodyVariantFor, bodyVariantForUnknown, type BodyVariant } from './schema-arbitraries.ts';
import { isVisitPath } from './visits.ts';

/**
 * Request assembly: one draw of actor, token, path values, query, body and headers (each drawn
 * by its own module) put together as the request the campaign sends.
 */

export interface FuzzRequest {
  label: string;
  operation?: Operation;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
  actor: number;
  auth: AuthKind;
  body?: BodyVariant;
  /** The path parameters as meant (before encoding). */
  pathValues: Record<string, string>;
  /** True when the router can match the path (no parameter over its length limit). */
  isRoutable: boolean;
  /** True when every path parameter is one the router and the params schema take as is. */
  isPathValid: boolean;
  /** True when the query string was drawn from its schema, untouched. */
  isQueryValid: boolean;
}

/** A request and what the server answered (the JSON body, when it sent one). */
export interface Outcome {
  request: FuzzRequest;
  status: number;
  json?: unknown;
}

/** The item routes of the kinds seeded for a user who is not a member. */
const KIND_ITEM_PATHS = KIND_SEEDS.filter((seed) => !seed.isMembersOnly).map(
  (seed) => `/api/records/patients/{id}/${seed.segment}/{`,
);

/** Requests for one documented operation. */
export function requestFor(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const anyone = fc.nat(pools.users.length - 1);
  // Only the reviewer passes the review routes' gate: they send most of those requests.
  const reviewer = pools.users.findIndex(({ user }) => user.email === FUZZ_REVIEWER);
  // Likewise the campaign's Premier member (the first user, fixtures.ts) sends most requests of
  // the members-only routes (those documenting a 402), which refuse everyone else, and the
  // second user, who holds the other kinds' seeded items, most requests about one of them.
  const member = operation.responses.has(402) ? 0 : -1;
  const kindItemOwner = KIND_ITEM_PATHS.some((prefix) => operation.path.startsWith(prefix))
    ? 1
    : -1;
  const favoured = operation.path.startsWith('/api/directory/review')
    ? reviewer
    : Math.max(member, kindItemOwner);
  const actor =
    favoured >= 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constant(favoured) }, { weight: 1, arbitrary: anyone })
      : anyone;
  return fc
    .record({
      actor,
      auth: authKind,
      address: fc.integer({ min: 1, max: 80 }),
    })
    .chain(({ actor, auth: drawn, address }) => {
      const user = pools.users[actor]!;
      // Signing in registers the identity; the "unregistered" token must stay unregistered.
      const auth =
        operation.label === 'POST /api/auth/login' && drawn === 'unregistered'
          ? 'fresh-identity'
          : drawn;
      const oneByOne = fc.tuple(
        ...operation.pathParams.map(({ name, schema }) =>
          pathValue(operation, name, schema, user.user._id, pools),
        ),
      );
      const params = isVisitPath(operation)
        ? visitParams(operation, user.user._id, pools)
        : (kindPathValues(operation, user.user._id, pools.kinds, oneByOne) ??
          correctionParams(operation, user.user._id, pools.corrections, oneByOne) ??
          refillParams(operation, user.user._id, pools.medicines, oneByOne) ??
          oneByOne);
      const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
      const body: fc.Arbitrary<BodyVariant | undefined> = !hasBody
        ? fc.constant(undefined)
        : operation.body
          ? bodyVariantFor(operation.body, hintsFor(operation, user, pools))
          : bodyVariantForUnknown;
      return fc
        .record({
          authorization: authHeader(auth, user.token, pools),
          params,
          query: queryString(operation, pools, user.user._id),
          body,
        })
        .chain((drawn) => {
          // An If-Match goes with the item in the path: drawn apart, the current version of
          // the very item a change names would be one in as many as the actor has items.
          const named = Object.fromEntries(
            operation.pathParams.map(({ name }, index) => [name, drawn.params[index]!.value]),
          );
          return extraHeaders(operation, user.user._id, pools, named).map((headers) => ({
            ...drawn,
            headers,
          }));
        })
        .map(({ authorization, params: values, query, body: variant, headers }) => {
          let path = operation.path;
          const pathValues: Record<string, string> = {};
          operation.pathParams.forEach(({ name }, index) => {
            const { value, raw } = values[index]!;
            pathValues[name] = value;
            path = path.replace(`{${name}}`, raw ?? encodeSegment(value));
          });
          const allHeaders: Record<string, string> = { ...headers };
          if (authorization !== undefined) allHeaders.authorization = authorization;
          if (variant?.contentType !== undefined) allHeaders['content-type'] = variant.contentType;
          return {
            label: operation.label,
            operation,
            method: operation.method,
            url: `${path}${query.text}`,
            headers: allHeaders,
            payload: variant?.payload,
            remoteAddress: `203.0.113.${address}`,
            actor,
            auth,
            body: variant,
            pathValues,
            isRoutable: values.every(
              ({ value, raw }) => raw === undefined && encodeSegment(value).length <= 200,
            ),
            isPathValid: values.every(
              ({ value, raw }) =>
                raw === undefined &&
                value.length <= 200 &&
                value === wellFormed(value) &&
                encodeSegment(value).length <= 200,
            ),
            isQueryValid: query.isValid,
          };
        });
    });
}

/** Paths and methods the document does not list: they must all end in a clean 4xx. */
export function undocumentedRequest(pools: Pools): fc.Arbitrary<FuzzRequest> {
  const paths = fc.oneof(
    fc.constantFrom(
      '/api',
      '/api/',
      '/API/health',
      '/%61pi/records/patients',
      '//api/records/patients',
      '/api/records/patients/',
      '/api/records/./patients',
      '/api/records/patients/../audit',
      '/api/records/patients/%2e%2e/audit',
      '/api/openapi.json',
      '/api/docs/json',
      '/api/docs/static/index.html',
      '/api/records/patients/x/restore/y',
      '/api/premier/local-checkout/',
      '/.env',
      '/api/health%00',
      '/api/health?%zz',
      '/api/records/patients?limit=1#fragment',
    ),
    fc
      .array(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('records', 'patients', 'user', 'admin'),
        ),
        {
          minLength: 1,
          maxLength: 4,
        },
      )
      .map((segments) => `/api/${segments.map(encodeSegment).join('/')}`),
  );
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      path: paths,
      actor: fc.nat(pools.users.length - 1),
      isSignedIn: fc.boolean(),
      body: bodyVariantForUnknown,
    })
    .map(({ method, path, actor, isSignedIn, body }) => {
      const headers: Record<string, string> = {};
      if (isSignedIn) headers.authorization = `Bearer ${pools.users[actor]!.token}`;
      const hasBody = method !== 'GET' && method !== 'HEAD' && body.payload !== undefined;
      if (hasBody && body.contentType) headers['content-type'] = body.contentType;
      return {
        label: `${method} (undocumented)`,
        method,
        url: path,
        headers,
        payload: hasBody ? body.payload : undefined,
        remoteAddress: '203.0.113.200',
        actor,
        auth: isSignedIn ? ('user' as const) : ('none' as const),
        body: hasBody ? body : undefined,
        pathValues: {},
        isRoutable: false,
        isPathValid: false,
        isQueryValid: false,
      };
    });
}
