import fc from 'fast-check';
import type pg from 'pg';
import type { Operation } from './openapi.ts';

/**
 * The campaign's knowledge of correction requests: open requests seeded on the pool users' own
 * patients (so accepting and declining have something to succeed on from the first batch), the
 * requests as a pool, `{id}` and `{correctionId}` drawn together, and the rows a success changes.
 */

export interface CorrectionInPool {
  id: string;
  ownerId: string;
  patientId: string;
  isOpen: boolean;
}

type PathValue = { value: string; raw?: string };

const ANSWER =
  /^POST \/api\/records\/patients\/\{id\}\/corrections\/\{correctionId\}\/(accept|decline)$/;
const ASK = 'POST /api/me/patients/{patientId}/corrections';

/** Open requests on each pool user's live patients, asked by the next pool user. */
export async function seedCorrections(pool: pg.Pool, userIds: string[], perPatient = 8) {
  await pool.query(
    `insert into patient_corrections (owner_id, patient_id, requested_by, text)
     select p.owner_id, p.id,
            ($1::uuid[])[1 + array_position($1::uuid[], p.owner_id) % cardinality($1::uuid[])],
            'Seeded request ' || n
       from patients p cross join generate_series(1, $2::int) n
      where p.owner_id = any($1::uuid[]) and p.deleted_at is null`,
    [userIds, perPatient],
  );
}

export async function snapshotCorrections(pool: pg.Pool): Promise<CorrectionInPool[]> {
  const { rows } = await pool.query<{
    id: string;
    owner_id: string;
    patient_id: string;
    is_open: boolean;
  }>(
    `select id, owner_id, patient_id, status = 'requested' as is_open
       from patient_corrections order by requested_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.owner_id,
    patientId: row.patient_id,
    isOpen: row.is_open,
  }));
}

/** A `{correctionId}`: mostly the actor's own requests, else others', unknown ids and junk. */
export function correctionPathValue(
  actorId: string,
  corrections: CorrectionInPool[],
  junk: fc.Arbitrary<PathValue>,
): fc.Arbitrary<PathValue> {
  const ids = (list: CorrectionInPool[]) =>
    list.length
      ? fc.constantFrom(...list.map((item) => ({ value: item.id })))
      : fc.uuid().map((value) => ({ value }));
  return fc.oneof(
    { weight: 4, arbitrary: ids(corrections.filter((c) => c.ownerId === actorId)) },
    { weight: 2, arbitrary: ids(corrections.filter((c) => c.ownerId !== actorId)) },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
    { weight: 1, arbitrary: junk },
  );
}

/**
 * An answer's path, `{id}` and `{correctionId}` together: mostly one of the actor's open
 * requests under its own patient (drawn apart, the two would rarely belong together).
 */
export function correctionParams(
  operation: Operation,
  actorId: string,
  corrections: CorrectionInPool[],
  oneByOne: fc.Arbitrary<PathValue[]>,
): fc.Arbitrary<PathValue[]> | undefined {
  if (!ANSWER.test(operation.label)) return undefined;
  const open = corrections.filter((c) => c.ownerId === actorId && c.isOpen);
  if (open.length === 0) return oneByOne;
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...open).map((c) => [{ value: c.patientId }, { value: c.id }]),
    },
    { weight: 2, arbitrary: oneByOne },
  );
}

/** A request made changed the row its answer names; an answer, the row its path names. */
export function explainCorrectionRows(
  label: string,
  pathValues: Record<string, string>,
  answer: { _id?: string } | undefined,
  rows: Record<string, Set<string>>,
): void {
  if (label === ASK && answer?._id) rows.patient_corrections!.add(answer._id);
  if (ANSWER.test(label))
    rows.patient_corrections!.add(pathValues.correctionId?.toLowerCase() ?? '');
}

/**
 * A request's `about`: mostly what the linked record shows (its care plan, the record in
 * general, the patient's details), else an id the asker cannot see; its text mostly plain.
 */
export function correctionHints(
  operation: Operation,
  pools: { linked: { carePlanId: string }; appointments: Array<{ id: string }> },
): Record<string, fc.Arbitrary<unknown>> {
  if (operation.label !== ASK) return {};
  return {
    about: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.constant({ kind: 'patient', id: null }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'carePlan', id: pools.linked.carePlanId }) },
      {
        weight: 1,
        arbitrary: pools.appointments.length
          ? fc.constantFrom(...pools.appointments).map(({ id }) => ({ kind: 'appointment', id }))
          : fc.uuid().map((id) => ({ kind: 'visit', id })),
      },
    ),
    text: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('My birth date is wrong.', 'Wrong dose listed') },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    ),
  };
}
