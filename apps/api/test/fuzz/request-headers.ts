import fc from 'fast-check';
import { kindIfMatch } from './kinds.ts';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';
import { isVisitPath, visitIfMatch } from './visits.ts';

/**
 * Headers beside the token: If-Match (current ETags, half the time the path's item's, stale and
 * junk ones), request ids, Accept, Origin and webhook signatures.
 */
export function extraHeaders(
  operation: Operation,
  actorId: string,
  pools: Pools,
  pathValues: Record<string, string>,
) {
  const isAppointmentChange =
    operation.path.startsWith('/api/appointments/{id}') && operation.method !== 'GET';
  const isVisitChange = isVisitPath(operation) && !operation.path.endsWith('/addenda');
  const ifMatch = isVisitChange
    ? operation.method === 'GET'
      ? fc.constant(undefined)
      : visitIfMatch(actorId, pools.visits, pathValues.visitId)
    : (kindIfMatch(operation, actorId, pools.kinds, pathValues) ??
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
