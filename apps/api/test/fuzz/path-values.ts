import fc from 'fast-check';
import { correctionPathValue } from './corrections.ts';
import { directoryPathValue } from './directory.ts';
import { medicinePathValue } from './medicines.ts';
import { kindPathValue } from './kinds.ts';
import { messagePathValue } from './messages.ts';
import { myHealthPathValue } from './my-health.ts';
import type { Operation } from './openapi.ts';
import { invitationCodes } from './patient-access.ts';
import type { Pools } from './pools.ts';
import { reminderPathValue } from './reminders.ts';
import { nastyText, valueFor } from './schema-arbitraries.ts';
import { changeableAppointments, videoPathValue } from './video.ts';
import { visitPathValues } from './visits.ts';

/*
 * Path parameters: mostly ids the route can act on (the actor's own, from the pools), beside
 * other people's ids, unknown ones and junk no route should take.
 */

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

/**
 * The records holding each kind's first (seeded) item, which the kinds' hints aim most requests
 * at: trashing one would turn every later request on its items into a 404, so the campaign trashes
 * the other records instead.
 */
function seededPatientIds(pools: Pools): Set<string> {
  return new Set(
    Object.values(pools.kinds.items).flatMap((items) => (items[0] ? [items[0].patientId] : [])),
  );
}

/** A path parameter: ids of the actor's own records, other people's, and junk. */
export function pathValue(
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
  const mine = myHealthPathValue(operation, name, actorId, pools, junk);
  if (mine) return mine;
  const item = kindPathValue(name, actorId, pools.kinds, junk);
  if (item) return item;
  if (name === 'correctionId') return correctionPathValue(actorId, pools.corrections, junk);
  const reminder = reminderPathValue(operation.path, actorId, pools.reminders, junk);
  if (reminder) return reminder;
  const directory = directoryPathValue(operation, name, actorId, pools, junk);
  if (directory) return directory;
  const thread = messagePathValue(operation, name, actorId, pools, junk);
  if (thread) return thread;
  const call = videoPathValue(operation, actorId, pools, junk);
  if (call) return call;
  const medicine = medicinePathValue(operation, name, pools.medicines, junk);
  if (medicine) return medicine;
  if (operation.path.startsWith('/api/records/patients/')) {
    const kept =
      operation.label === 'DELETE /api/records/patients/{id}' ? seededPatientIds(pools) : new Set();
    const own = pools.patients.filter((patient) => patient.ownerId === actorId);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: ids(own.filter((p) => !p.isDeleted && !kept.has(p.id)).map((p) => p.id)),
      },
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
    const isAnswer = /\/(confirm|decline)$/.test(operation.path);
    const changeable = changeableAppointments(pools);
    const own = changeable.filter(
      (appointment) =>
        appointment.ownerId === actorId && (!isAnswer || appointment.status === 'requested'),
    );
    return fc.oneof(
      { weight: 6, arbitrary: ids(own.map((a) => a.id)) },
      {
        weight: 3,
        arbitrary: ids(changeable.filter((a) => a.ownerId !== actorId).map((a) => a.id)),
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
  if (operation.path === '/api/me/invitations/{code}') {
    return fc.oneof(
      { weight: 4, arbitrary: invitationCodes(pools).map((value) => ({ value })) },
      { weight: 2, arbitrary: junk },
    );
  }
  if (operation.path === '/api/me/links/{id}') {
    return fc.oneof(
      { weight: 4, arbitrary: ids(pools.linkIds) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
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
    // A refund succeeds only on a paid session; the others' actions on an open one.
    const wanted = operation.path.endsWith('/refund') ? 'paid' : 'open';
    return fc.oneof(
      {
        weight: 4,
        arbitrary: ids(pools.sessions.filter((s) => s.status === wanted).map((s) => s.id)),
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

/** `{id}` and `{visitId}` of a visit route, drawn as a pair (see visits.ts), in path order. */
export function visitParams(operation: Operation, actorId: string, pools: Pools) {
  const ownPatients = pools.patients.filter((p) => p.ownerId === actorId).map((p) => p.id);
  const junk = junkPathValue(operation.pathParams[0]!.schema);
  // Mostly visits the route can act on: drafts for a change or a signature, signed ones for an
  // addendum, of a patient not in the trash (drawn from all visits, a draft PUT would be a few
  // in a thousand requests; the campaign trashes patients as often as it adds visits).
  const wantsSigned = operation.path.endsWith('/addenda');
  const live = new Set(pools.patients.filter((p) => !p.isDeleted).map((p) => p.id));
  const actionable = pools.visits.filter(
    (visit) => visit.isSigned === wantsSigned && live.has(visit.patientId),
  );
  const visits = operation.method === 'GET' || !actionable.length ? pools.visits : actionable;
  return visitPathValues(actorId, visits, ownPatients, junk).map(([patient, visit]) =>
    operation.pathParams.map(({ name }) => (name === 'visitId' ? visit : patient)),
  );
}
