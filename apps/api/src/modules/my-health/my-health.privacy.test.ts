import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { signIn, useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createAppointment, readAppointment } from '../../../test/factories/appointments.ts';
import { createCarePlan } from '../../../test/factories/care-plans.ts';
import { createPrescription } from '../../../test/factories/clinical.ts';
import { createPatient, trashPatient } from '../../../test/factories/patients.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { endLink, linkPatient } from './my-health.factories.ts';

/**
 * The privacy matrix of every `/api/me/patients/{patientId}/…` route, read from the OpenAPI
 * document so that a route added later is in it: only the person linked to the record is
 * answered; everyone else, an ended link and a trashed record get the one 404, and a refused
 * request changes nothing.
 */

const ctx = useTestApp({ deps: { now: () => new Date('2026-03-01T08:00:00.000Z') } });

const NOT_LINKED = { code: 'LINK_NOT_FOUND', message: ERRORS.LINK_NOT_FOUND.message };

interface Operation {
  method: 'GET' | 'POST';
  path: string;
}

let operations: Operation[];

interface World {
  owner: Awaited<ReturnType<typeof practitioner>>;
  patientId: string;
  /** The person linked to the patient. */
  linked: Awaited<ReturnType<typeof signIn>>;
  appointmentId: string;
  carePlanId: string;
  activityId: string;
  prescriptionId: string;
  /** An approved pharmacy of the directory. */
  pharmacyId: string;
}

/** A practitioner's patient with an appointment, a care plan, a draft and a private note. */
async function seedWorld(): Promise<World> {
  const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann', isMember: true });
  const patientId = owner.patient._id;
  const linked = await signIn(ctx, { name: 'Ana Lima' });
  await linkPatient(ctx, { ownerId: owner.user._id, patientId, userId: linked.user._id });
  const appointment = await createAppointment(ctx, owner.headers, {
    patientId,
    start: '2026-03-09T09:00:00.000Z',
  });
  const plan = await createCarePlan(ctx, owner.headers, patientId, {
    title: 'Asthma action plan',
    goals: [],
    activities: [{ title: 'Peak flow reading', start: '2026-02-01', rrule: 'FREQ=DAILY' }],
  });
  await createVisit(ctx, owner.headers, patientId, { subjective: 'DRAFT-NOTE-TEXT' });
  const kept = await signVisit(
    ctx,
    owner.headers,
    await createVisit(ctx, owner.headers, patientId, { subjective: 'PRIVATE-NOTE-TEXT' }),
  );
  const sharing = await ctx.app.inject({
    method: 'PUT',
    url: `/api/records/patients/${patientId}/visits/${kept._id}/sharing`,
    headers: owner.headers,
    payload: { sharing: 'private' },
  });
  expect(sharing.statusCode).toBe(200);
  return {
    owner,
    patientId,
    linked,
    appointmentId: appointment._id,
    carePlanId: plan._id,
    activityId: plan.activities[0]!.id,
    prescriptionId: (await createPrescription(ctx, owner.headers, patientId))._id,
    pharmacyId: (
      await ctx.database.pool.query<{ id: string }>(
        `insert into facilities (owner_id, kind, name, address, city, country, review_status)
         values ($1, 'pharmacy', 'Farmácia Central', 'Rua 1', 'Lisboa', 'PT', 'approved')
         returning id`,
        [owner.user._id],
      )
    ).rows[0]!.id,
  };
}

/** The request of one operation on the world's patient, its other ids filled in. */
function requestOf(operation: Operation, world: World, headers: AuthHeaders) {
  const url = operation.path
    .replace('{patientId}', world.patientId)
    .replace('{appointmentId}', world.appointmentId)
    .replace('{carePlanId}', world.carePlanId)
    .replace('{activityId}', world.activityId)
    .replace('{day}', '2026-03-01')
    .replace('{id}', world.prescriptionId);
  const isMark = operation.path.endsWith('/{day}');
  const isCorrection = operation.method === 'POST' && operation.path.endsWith('/corrections');
  return ctx.app.inject({
    method: operation.method,
    url,
    headers,
    ...(isMark && { payload: { status: 'done' } }),
    ...(isCorrection && { payload: { about: null, text: 'My birth year is 1990.' } }),
    ...(operation.path.endsWith('/pharmacy') && { payload: { facilityId: world.pharmacyId } }),
    ...(operation.path.endsWith('/refill-requests') &&
      operation.method === 'POST' && { payload: { note: 'Nearly out' } }),
  });
}

/**
 * What a refused request must leave as it was: the appointment, the plan's marks, corrections,
 * refill requests and where the prescription was sent.
 */
async function stateOf(world: World) {
  const { rows } = await ctx.database.pool.query<{
    n: number;
    corrections: number;
    refills: number;
    sent: string | null;
  }>(
    `select count(*)::int as n,
       (select count(*)::int from patient_corrections where patient_id = $2) as corrections,
       (select count(*)::int from refill_requests where patient_id = $2) as refills,
       (select pharmacy_id from prescriptions where id = $3) as sent
     from care_plan_marks where care_plan_id = $1`,
    [world.carePlanId, world.patientId, world.prescriptionId],
  );
  const appointment = await readAppointment(ctx, world.owner.headers, world.appointmentId);
  return {
    marks: rows[0]!.n,
    corrections: rows[0]!.corrections,
    refills: rows[0]!.refills,
    sent: rows[0]!.sent,
    appointment: appointment.status,
  };
}

async function expectRefusedEverywhere(world: World, headers: AuthHeaders) {
  const before = await stateOf(world);
  for (const operation of operations) {
    const response = await requestOf(operation, world, headers);
    const label = `${operation.method} ${operation.path}`;
    expect(response.statusCode, label).toBe(404);
    expect(response.json(), label).toEqual(NOT_LINKED);
    expect(response.headers['cache-control'], label).toBe('no-store');
  }
  expect(await stateOf(world)).toEqual(before);
}

beforeAll(async () => {
  const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/me/patients/{patientId}'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
      })),
    );
});

describe('the privacy matrix of /api/me/patients/{patientId}/…', () => {
  it('covers every route of the linked patient', () => {
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'GET /api/me/patients/{patientId}',
      'GET /api/me/patients/{patientId}/access-log',
      'GET /api/me/patients/{patientId}/allergies',
      'GET /api/me/patients/{patientId}/appointments',
      'GET /api/me/patients/{patientId}/care-plans',
      'GET /api/me/patients/{patientId}/corrections',
      'GET /api/me/patients/{patientId}/immunizations',
      'GET /api/me/patients/{patientId}/prescriptions',
      'GET /api/me/patients/{patientId}/record',
      'GET /api/me/patients/{patientId}/refill-requests',
      'GET /api/me/patients/{patientId}/visits',
      'GET /api/me/patients/{patientId}/vitals',
      'POST /api/me/patients/{patientId}/appointments/{appointmentId}/cancel',
      'POST /api/me/patients/{patientId}/care-plans/{carePlanId}/activities/{activityId}/occurrences/{day}',
      'POST /api/me/patients/{patientId}/corrections',
      'POST /api/me/patients/{patientId}/prescriptions/{id}/pharmacy',
      'POST /api/me/patients/{patientId}/prescriptions/{id}/refill-requests',
    ]);
  });

  it('answers the linked person on every route, never a draft or a private note', async () => {
    const world = await seedWorld();
    for (const operation of operations) {
      const response = await requestOf(operation, world, world.linked.headers);
      const label = `${operation.method} ${operation.path}`;
      expect(response.statusCode, label).toBe(
        operation.method === 'POST' &&
          (label.endsWith('/corrections') || label.endsWith('/refill-requests'))
          ? 201
          : 200,
      );
      expect(response.headers['cache-control'], label).toBe('no-store');
      expect(response.body, label).not.toContain('DRAFT-NOTE-TEXT');
      expect(response.body, label).not.toContain('PRIVATE-NOTE-TEXT');
    }
  });

  it('refuses a person linked to another patient of the same practitioner', async () => {
    const world = await seedWorld();
    const sibling = await createPatient(ctx, world.owner.headers, { name: 'Bruno Costa' });
    const other = await signIn(ctx, { name: 'Bruno Costa' });
    await linkPatient(ctx, {
      ownerId: world.owner.user._id,
      patientId: sibling._id,
      userId: other.user._id,
    });
    await expectRefusedEverywhere(world, other.headers);
  });

  it('refuses a signed-in person with no link at all', async () => {
    const world = await seedWorld();
    await expectRefusedEverywhere(world, (await signIn(ctx)).headers);
  });

  it("refuses a guardian of another practitioner's child", async () => {
    const world = await seedWorld();
    const otherPractice = await practitioner(ctx, { patient: { name: 'Leo Martins' } });
    const guardian = await signIn(ctx, { name: 'Rita Martins' });
    await linkPatient(ctx, {
      ownerId: otherPractice.user._id,
      patientId: otherPractice.patient._id,
      userId: guardian.user._id,
      relationship: 'parent-or-guardian',
    });
    await expectRefusedEverywhere(world, guardian.headers);
  });

  it('refuses the practitioner, whose record it is, without a link of their own', async () => {
    const world = await seedWorld();
    await expectRefusedEverywhere(world, world.owner.headers);
  });

  it('refuses the linked person at once once the link has ended', async () => {
    const world = await seedWorld();
    expect((await requestOf(operations[0]!, world, world.linked.headers)).statusCode).toBe(200);
    await endLink(ctx, { userId: world.linked.user._id, patientId: world.patientId });
    await expectRefusedEverywhere(world, world.linked.headers);
  });

  it('refuses the linked person once the record is in the trash', async () => {
    const world = await seedWorld();
    await trashPatient(ctx, world.owner.headers, world.patientId);
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      'select count(*)::int as n from care_plan_marks where care_plan_id = $1',
      [world.carePlanId],
    );
    for (const operation of operations) {
      const response = await requestOf(operation, world, world.linked.headers);
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(404);
      expect(response.json()).toEqual(NOT_LINKED);
    }
    const after = await ctx.database.pool.query<{ n: number; status: string; corrections: number }>(
      'select (select count(*)::int from care_plan_marks where care_plan_id = $1) as n, (select status from appointments where id = $2) as status, (select count(*)::int from patient_corrections where patient_id = $3) as corrections',
      [world.carePlanId, world.appointmentId, world.patientId],
    );
    expect(after.rows[0]).toEqual({ n: rows[0]!.n, status: 'booked', corrections: 0 });
  });

  it('audits each refusal with the asking person as actor', async () => {
    const world = await seedWorld();
    const stranger = await signIn(ctx);
    await requestOf(operations[0]!, world, stranger.headers);
    const { rows } = await ctx.database.pool.query(
      'select patient_id, action, outcome from audit_events where actor_id = $1',
      [stranger.user._id],
    );
    expect(rows).toContainEqual({ patient_id: world.patientId, action: 'read', outcome: 'denied' });
  });
});
