import fc from 'fast-check';
import {
  clinicalHints,
  clinicalIfMatch,
  clinicalPathValue,
  clinicalPathValues,
  type ClinicalPools,
} from './clinical.ts';
import { reminderPathValue, type ReminderInPool } from './reminders.ts';
import type { Operation } from './openapi.ts';
import { encodeSegment, FUZZ_DAYS, queryString, wellFormed } from './url-parts.ts';
import {
  bodyVariantFor,
  bodyVariantForUnknown,
  nastyText,
  valueFor,
  type BodyVariant,
  type Hints,
} from './schema-arbitraries.ts';
import {
  isVisitPath,
  visitHints,
  visitIfMatch,
  visitPathValues,
  type VisitInPool,
} from './visits.ts';

/** How a request presents itself: a signed-in user's token, or one of the ways it goes wrong. */
export type AuthKind =
  | 'user'
  | 'user-lowercase-scheme'
  | 'none'
  | 'garbage'
  | 'tampered'
  | 'foreign-key'
  | 'unregistered'
  | 'fresh-identity';

export const VALID_AUTH: readonly AuthKind[] = ['user', 'user-lowercase-scheme'];
/** Never a valid token: any non-public route must answer 401. */
export const INVALID_AUTH: readonly AuthKind[] = ['none', 'garbage', 'tampered', 'foreign-key'];

export interface FuzzUser {
  token: string;
  user: { _id: string; email: string };
}

export interface Pools extends ClinicalPools {
  users: FuzzUser[];
  /** Patients (live and trashed) by owner's user id, oldest first. */
  patients: Array<{ id: string; ownerId: string; isDeleted: boolean; updatedAt: string }>;
  sessions: Array<{ id: string; userId: string; status: string }>;
  appointments: Array<{ id: string; ownerId: string; updatedAt: string }>;
  visits: VisitInPool[];
  /** Voice calls started before the run (one per user), by their user's id. */
  calls: Array<{ id: string; ownerId: string }>;
  /** Reminders seeded before the run (reminders.ts). */
  reminders: ReminderInPool[];
  /** `<secret>.ics` of calendar feeds turned on during the run (some revoked since). */
  feedFiles: string[];
  cursors: string[];
  unregisteredToken: string;
  foreignToken: string;
  freshTokens: string[];
  agentId: string;
  premiumAmount: number;
}

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

/** Percent-encodings that are broken or that decode to something surprising. */
const rawPathJunk = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fhealth',
  '%25',
  '%ff%fe',
  '~',
);

function authHeader(kind: AuthKind, token: string, pools: Pools): fc.Arbitrary<string | undefined> {
  switch (kind) {
    case 'user':
      return fc.constant(`Bearer ${token}`);
    case 'user-lowercase-scheme':
      return fc.constant(`bearer ${token}`);
    case 'none':
      return fc.constant(undefined);
    case 'garbage':
      return fc.oneof(
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          'Bearer a.b.c',
          'Bearer ..',
          'Token x',
        ),
        fc.string({ maxLength: 60 }).map((text) => `Bearer ${text}`),
        fc.string({ maxLength: 60 }),
        fc.integer({ min: 200, max: 9000 }).map((length) => `Bearer ${'a'.repeat(length)}`),
        fc.constant(`Bearer ${token} ${token}`),
        fc.constant(`Bearer ${token.split('.').slice(0, 2).join('.')}.`),
      );
    case 'tampered':
      // One character changed well inside the signature or the claims (the last character of
      // base64url may carry only padding bits, so changing it can leave the bytes equal).
      return fc.nat().map((index) => {
        const [header, payload, signature] = token.split('.') as [string, string, string];
        const flip = (text: string) => {
          const at = 1 + (index % (text.length - 4));
          const changed = text[at] === 'g' ? 'A' : 'g';
          return `${text.slice(0, at)}${changed}${text.slice(at + 1)}`;
        };
        return index % 2 === 0
          ? `Bearer ${header}.${payload}.${flip(signature)}`
          : `Bearer ${header}.${flip(payload)}.${signature}`;
      });
    case 'foreign-key':
      return fc.constant(`Bearer ${pools.foreignToken}`);
    case 'unregistered':
      return fc.constant(`Bearer ${pools.unregisteredToken}`);
    case 'fresh-identity':
      return fc.constantFrom(...pools.freshTokens).map((fresh) => `Bearer ${fresh}`);
  }
}

const authKind: fc.Arbitrary<AuthKind> = fc.oneof(
  { weight: 16, arbitrary: fc.constant<AuthKind>('user') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('user-lowercase-scheme') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('none') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('garbage') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('tampered') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('foreign-key') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('unregistered') },
  { weight: 1, arbitrary: fc.constant<AuthKind>('fresh-identity') },
);

/** A path parameter no route knows: odd text, too long, broken percent-encodings. */
function junkPathValue(
  schema: Parameters<typeof valueFor>[0],
): fc.Arbitrary<{ value: string; raw?: string }> {
  return fc.oneof(
    nastyText.map((value) => ({ value })),
    fc.integer({ min: 180, max: 400 }).map((length) => ({ value: 'x'.repeat(length) })),
    rawPathJunk.map((raw) => ({ value: raw, raw })),
    valueFor(schema).map((value) => ({ value: String(value) })),
  );
}

/** A path parameter: ids of the actor's own records, other people's, and junk. */
function pathValue(
  operation: Operation,
  name: string,
  schema: Parameters<typeof valueFor>[0],
  actorId: string,
  pools: Pools,
): fc.Arbitrary<{ value: string; raw?: string }> {
  const junk = junkPathValue(schema);
  const ids = (list: string[]) =>
    list.length
      ? fc.constantFrom(...list).map((value) => ({ value }))
      : fc.uuid().map((value) => ({ value }));
  const clinical = clinicalPathValue(name, actorId, pools, junk);
  if (clinical) return clinical;
  const reminder = reminderPathValue(operation.path, actorId, pools.reminders, junk);
  if (reminder) return reminder;
  if (operation.path.startsWith('/api/records/patients/')) {
    const own = pools.patients.filter((patient) => patient.ownerId === actorId);
    return fc.oneof(
      { weight: 6, arbitrary: ids(own.filter((p) => !p.isDeleted).map((p) => p.id)) },
      { weight: 2, arbitrary: ids(own.filter((p) => p.isDeleted).map((p) => p.id)) },
      {
        weight: 3,
        arbitrary: ids(pools.patients.filter((p) => p.ownerId !== actorId).map((p) => p.id)),
      },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: fc.constant({ value: '00000000-0000-0000-0000-000000000000' }) },
      { weight: 2, arbitrary: junk },
    );
  }
  if (operation.path.startsWith('/api/appointments/{id}')) {
    const own = pools.appointments.filter((appointment) => appointment.ownerId === actorId);
    return fc.oneof(
      { weight: 6, arbitrary: ids(own.map((a) => a.id)) },
      {
        weight: 3,
        arbitrary: ids(pools.appointments.filter((a) => a.ownerId !== actorId).map((a) => a.id)),
      },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 2, arbitrary: junk },
    );
  }
  if (operation.path === '/api/retellai/calls/{callId}/actions') {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: ids(pools.calls.filter((c) => c.ownerId === actorId).map((c) => c.id)),
      },
      {
        weight: 3,
        arbitrary: ids(pools.calls.filter((c) => c.ownerId !== actorId).map((c) => c.id)),
      },
      { weight: 2, arbitrary: junk },
    );
  }
  if (operation.path === '/api/calendar/{file}') {
    return fc.oneof(
      { weight: 4, arbitrary: ids(pools.feedFiles) },
      {
        weight: 1,
        arbitrary: fc
          .stringMatching(/^[A-Za-z0-9_-]{43}$/)
          .map((secret) => ({ value: `${secret}.ics` })),
      },
      { weight: 2, arbitrary: junk },
    );
  }
  if (
    operation.path.startsWith('/api/premier/local-checkout/') ||
    operation.path === '/api/premier/transactions/{id}'
  ) {
    return fc.oneof(
      {
        weight: 4,
        arbitrary: ids(pools.sessions.filter((s) => s.status === 'open').map((s) => s.id)),
      },
      { weight: 2, arbitrary: ids(pools.sessions.map((s) => s.id)) },
      {
        weight: 1,
        arbitrary: fc.stringMatching(/^cs_local_[A-Za-z0-9_-]{32}$/).map((value) => ({ value })),
      },
      { weight: 2, arbitrary: junk },
    );
  }
  return junk;
}

function hintsFor(operation: Operation, actor: FuzzUser, pools: Pools): Hints {
  // Paid sessions first: confirming one is the only way PUT /user/subscription succeeds.
  const own = pools.sessions.filter((session) => session.userId === actor.user._id);
  const paid = own.filter((session) => session.status === 'paid');
  const ownSessions = paid.length ? paid : own;
  const digits10 = fc.stringMatching(/^\d{10}$/);
  const hints: Hints = {
    agent_id: fc.constant(pools.agentId),
    amount: fc.constant(pools.premiumAmount),
    ...(ownSessions.length && { sessionId: fc.constantFrom(...ownSessions.map((s) => s.id)) }),
  };
  if (operation.path.startsWith('/api/appointments')) {
    const own = pools.patients.filter((p) => p.ownerId === actor.user._id);
    Object.assign(hints, {
      patientId: fc.constantFrom(...(own.length ? own : pools.patients).map((p) => p.id)),
      start: fc
        .tuple(fc.constantFrom(...FUZZ_DAYS), fc.integer({ min: 0, max: 95 }))
        .map(([day, quarter]) =>
          new Date(Date.parse(`${day}T00:00:00Z`) + quarter * 900_000).toISOString(),
        ),
      duration: fc.integer({ min: 5, max: 120 }),
    });
  }
  if (operation.path.includes('/visits'))
    Object.assign(hints, visitHints(actor.user._id, pools.appointments));
  Object.assign(hints, clinicalHints(operation, pools));
  if (operation.path.startsWith('/api/records/patients'))
    hints.email = fc.oneof(fc.emailAddress(), fc.constant(''));
  if (operation.path === '/api/user/update-profile')
    Object.assign(hints, {
      email: fc.constant(actor.user.email),
      age: fc.oneof(
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }).map(String),
        fc.constant(null),
      ),
      gender: fc.constantFrom('male', 'female', 'other', '', null),
      phone: fc.oneof(digits10, fc.constantFrom('', null)),
      picture: fc.constantFrom(
        'https://example.com/me.png',
        'https://cdn.example.org/a/b.jpg?x=1',
        '',
        null,
      ),
    });
  return hints;
}

function extraHeaders(operation: Operation, actorId: string, pools: Pools) {
  const isAppointmentChange =
    operation.path.startsWith('/api/appointments/{id}') && operation.method !== 'GET';
  const isVisitChange = isVisitPath(operation) && !operation.path.endsWith('/addenda');
  const ifMatch = isVisitChange
    ? operation.method === 'GET'
      ? fc.constant(undefined)
      : visitIfMatch(actorId, pools.visits)
    : (clinicalIfMatch(operation, actorId, pools) ??
      (isAppointmentChange
        ? fc.option(
            fc.constantFrom(
              ...pools.appointments
                .filter((a) => a.ownerId === actorId)
                .map((a) => `"${a.updatedAt}"`),
              '*',
              'W/"2020-01-01T00:00:00.000Z"',
              'garbage',
            ),
            { nil: undefined },
          )
        : operation.method === 'PUT' && operation.path === '/api/records/patients/{id}'
          ? fc.option(
              fc.oneof(
                fc.constantFrom(
                  ...pools.patients
                    .filter((p) => p.ownerId === actorId)
                    .map((p) => `"${p.updatedAt}"`),
                  '*',
                ),
                fc.constantFrom(
                  'W/"2020-01-01T00:00:00.000Z"',
                  '"x", "y"',
                  'garbage',
                  '""',
                  '"' + 'z'.repeat(300) + '"',
                ),
              ),
              { nil: undefined },
            )
          : fc.constant(undefined)));
  return fc
    .record({
      'if-match': ifMatch,
      'x-request-id': fc.option(
        fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/), fc.string({ maxLength: 100 })),
        { nil: undefined, freq: 6 },
      ),
      accept: fc.option(
        fc.constantFrom('text/html', 'application/xml', '*/*', 'application/json;q=0', 'x/y'),
        {
          nil: undefined,
          freq: 6,
        },
      ),
      origin: fc.option(fc.constantFrom('https://evil.example', 'null'), {
        nil: undefined,
        freq: 10,
      }),
      'stripe-signature': fc.option(
        fc.oneof(fc.string({ maxLength: 80 }), fc.constant('t=1,v1=00')),
        { nil: undefined, freq: operation.path === '/api/premier/webhook' ? 2 : 20 },
      ),
    })
    .map((headers) =>
      Object.fromEntries(
        // Header values must be printable: the HTTP layer refuses control characters.
        Object.entries(headers)
          .filter((entry): entry is [string, string] => entry[1] !== undefined)
          .map(([name, value]) => [name, value.replace(/[^\x20-\x7e]/g, '')]),
      ),
    );
}

/** `{id}` and `{visitId}` of a visit route, drawn as a pair (see visits.ts), in path order. */
function visitParams(operation: Operation, actorId: string, pools: Pools) {
  const ownPatients = pools.patients.filter((p) => p.ownerId === actorId).map((p) => p.id);
  const junk = junkPathValue(operation.pathParams[0]!.schema);
  // Mostly visits the route can act on: drafts for a change or a signature, signed ones for an
  // addendum (drawn from all visits, a draft PUT was a few in a thousand requests).
  const wantsSigned = operation.path.endsWith('/addenda');
  const actionable = pools.visits.filter((visit) => visit.isSigned === wantsSigned);
  const visits = operation.method === 'GET' || !actionable.length ? pools.visits : actionable;
  return visitPathValues(actorId, visits, ownPatients, junk).map(([patient, visit]) =>
    operation.pathParams.map(({ name }) => (name === 'visitId' ? visit : patient)),
  );
}

/** Requests for one documented operation. */
export function requestFor(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      actor: fc.nat(pools.users.length - 1),
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
        : (clinicalPathValues(operation, user.user._id, pools, oneByOne) ?? oneByOne);
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
          headers: extraHeaders(operation, user.user._id, pools),
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
