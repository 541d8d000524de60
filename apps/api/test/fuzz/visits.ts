import fc from 'fast-check';
import type pg from 'pg';
import type { z } from 'zod';
import { ZAddendumInput, ZVisit, ZVisitInput } from '@portal/shared/visit';
import { ZVitalsSeries } from '@portal/shared/vitals';
import { collectionAnswers, collectionBodies } from './collection-schemas.ts';
import type { Operation } from './openapi.ts';
import type { Hints } from './schema-arbitraries.ts';

/**
 * The fuzz campaign's knowledge of the visit routes, kept apart from the generic
 * generators: which visits exist and whose they are, path parameters drawn as a pair (a visit
 * and a patient, mostly its own), plausible bodies and If-Match values, which rows a successful
 * request may change, and which answers would leak someone else's visit.
 */

export interface VisitInPool {
  id: string;
  ownerId: string;
  patientId: string;
  updatedAt: string;
  isSigned: boolean;
}

/** The visits of the database, for the next batch's generators. */
export async function snapshotVisits(pool: pg.Pool): Promise<VisitInPool[]> {
  const { rows } = await pool.query<{
    id: string;
    owner_id: string;
    patient_id: string;
    updated_at: Date;
    signed: boolean;
  }>(
    `select id, owner_id, patient_id, updated_at, signed_at is not null as signed
       from visits order by created_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.owner_id,
    patientId: row.patient_id,
    updatedAt: row.updated_at.toISOString(),
    isSigned: row.signed,
  }));
}

export const isVisitPath = (operation: Operation) => operation.path.includes('/visits/{visitId}');

type PathValue = { value: string; raw?: string };

/**
 * The `{id}` and `{visitId}` of a visit route, drawn together: mostly one of the actor's visits
 * under its own patient (so the routes get past the 404s), sometimes under another of the
 * actor's patients, someone else's visit under its patient, a made-up id, or junk.
 */
export function visitPathValues(
  actorId: string,
  visits: VisitInPool[],
  patientIds: string[],
  junk: fc.Arbitrary<PathValue>,
): fc.Arbitrary<[PathValue, PathValue]> {
  const own = visits.filter((visit) => visit.ownerId === actorId);
  const theirs = visits.filter((visit) => visit.ownerId !== actorId);
  const pair = (list: VisitInPool[]) =>
    list.length
      ? fc
          .constantFrom(...list)
          .map((visit): [PathValue, PathValue] => [{ value: visit.patientId }, { value: visit.id }])
      : fc
          .tuple(fc.uuid(), fc.uuid())
          .map(([a, b]): [PathValue, PathValue] => [{ value: a }, { value: b }]);
  const somePatient = patientIds.length
    ? fc.constantFrom(...patientIds).map((value) => ({ value }))
    : fc.uuid().map((value) => ({ value }));
  return fc.oneof(
    { weight: 8, arbitrary: pair(own) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        somePatient,
        pair(own).map(([, visit]) => visit),
      ),
    },
    { weight: 2, arbitrary: pair(theirs) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        somePatient,
        fc.uuid().map((value) => ({ value })),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(somePatient, junk) },
  );
}

/** Plausible values of a visit body's fields, so most generated bodies pass validation. */
export function visitHints(
  actorId: string,
  appointments: { id: string; ownerId: string }[],
): Hints {
  const own = appointments.filter((appointment) => appointment.ownerId === actorId);
  return {
    occurredAt: fc
      .integer({ min: 0, max: 60 * 24 * 365 })
      .map((minutes) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString()),
    systolic: fc.integer({ min: 110, max: 200 }),
    diastolic: fc.integer({ min: 50, max: 100 }),
    heartRate: fc.integer({ min: 40, max: 180 }),
    temperature: fc.integer({ min: 350, max: 410 }).map((tenths) => tenths / 10),
    weight: fc.integer({ min: 30, max: 1500 }).map((tenths) => tenths / 10),
    height: fc.integer({ min: 500, max: 2100 }).map((tenths) => tenths / 10),
    oxygenSaturation: fc.integer({ min: 80, max: 100 }),
    appointmentId: fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: own.length ? fc.constantFrom(...own.map((a) => a.id)) : fc.uuid() },
    ),
    text: fc.string({ unit: fc.constantFrom(...'abc éü中د 0123'), minLength: 1, maxLength: 200 }),
    // The reason and SOAP notes as a practitioner writes them: left to the generic strings,
    // control characters made nearly every visit body a 400, and the full campaign's fixed seed
    // drew no successful PUT at all once the allergy and prescription routes shared its draws.
    ...Object.fromEntries(
      ['reason', 'subjective', 'objective', 'assessment', 'plan'].map((field) => [
        field,
        fc.string({ unit: fc.constantFrom(...'abc éü中د 0123'), maxLength: 200 }),
      ]),
    ),
  };
}

/**
 * `If-Match` of a visit change: half the time the current version of the actor's visit in the
 * path, else one of the actor's current versions, `*`, or a stale one.
 */
export function visitIfMatch(
  actorId: string,
  visits: VisitInPool[],
  visitId: string | undefined,
): fc.Arbitrary<string | undefined> {
  const own = visits.filter((visit) => visit.ownerId === actorId);
  const named = own.find((visit) => visit.id === visitId);
  const versions = fc.constantFrom(
    ...own.map((visit) => `"${visit.updatedAt}"`),
    '*',
    'W/"2020-01-01T00:00:00.000Z"',
    'garbage',
  );
  return fc.option(named ? fc.oneof(fc.constant(`"${named.updatedAt}"`), versions) : versions, {
    nil: undefined,
  });
}

export const VISIT_ZOD_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  ...collectionAnswers('/api/records/patients/{id}/visits', '{visitId}', ZVisit),
  'POST /api/records/patients/{id}/visits/{visitId}/sign': { 200: ZVisit },
  'POST /api/records/patients/{id}/visits/{visitId}/addenda': { 201: ZVisit },
  'GET /api/records/patients/{id}/vitals': { 200: ZVitalsSeries },
};

export const VISIT_ZOD_BODIES: Record<string, z.ZodType> = {
  ...collectionBodies('/api/records/patients/{id}/visits', '{visitId}', ZVisitInput),
  'POST /api/records/patients/{id}/visits/{visitId}/addenda': ZAddendumInput,
};

/** The rows a successful visit request may have changed (an appointment it closed, too). */
export function explainVisitRows(
  label: string,
  { json, body }: { json: unknown; body?: unknown },
  rows: { visits: Set<string>; visit_addenda: Set<string>; appointments: Set<string> },
): void {
  if (
    !label.startsWith('POST /api/records/patients/{id}/visits') &&
    !label.startsWith('PUT /api/records/patients/{id}/visits')
  )
    return;
  const answer = json as { _id?: string; addenda?: { _id: string }[] } | undefined;
  if (answer?._id) rows.visits.add(answer._id);
  for (const addendum of answer?.addenda ?? []) rows.visit_addenda.add(addendum._id);
  const appointmentId = (body as { appointmentId?: unknown } | undefined)?.appointmentId;
  if (typeof appointmentId === 'string') rows.appointments.add(appointmentId.toLowerCase());
}

/** Whether a route answers about a patient's visits: the visits' own, or their vitals series. */
export const isVisitLabel = (label: string) =>
  label.includes('/visits') || label.endsWith('/{id}/vitals');

/** The visits an answer shows: visits themselves, or the points of a vitals series. */
function shownVisitIds(label: string, json: unknown): unknown[] {
  if (label.endsWith('/vitals'))
    return ((json as { points?: { visitId?: string }[] } | undefined)?.points ?? []).map(
      (point) => point.visitId,
    );
  return ((Array.isArray(json) ? json : [json]) as Array<{ _id?: string } | undefined>).map(
    (answer) => answer?._id,
  );
}

/** A successful answer about a visit that is not the caller's, or not under its patient. */
export function visitPrivacyProblems(
  label: string,
  {
    status,
    json,
    pathValues,
  }: { status: number; json: unknown; pathValues: Record<string, string> },
  actorId: string,
  visits: VisitInPool[],
): string[] {
  if (!isVisitLabel(label)) return [];
  const byId = new Map(visits.map((visit) => [visit.id, visit]));
  return shownVisitIds(label, json)
    .map((id) => typeof id === 'string' && byId.get(id))
    .filter((visit): visit is VisitInPool => Boolean(visit))
    .filter(
      (visit) => visit.ownerId !== actorId || visit.patientId !== pathValues.id?.toLowerCase(),
    )
    .map(
      (visit) =>
        `${status} showed visit ${visit.id}, which is not the caller's or not this patient's`,
    );
}
