import fc from 'fast-check';
import { appointmentInput } from '@portal/shared/appointment.factories';
import { signIn, type TestContext } from '../app.ts';
import { prescriptionInput } from '../factories/clinical.ts';
import type { Operation } from './openapi.ts';
import { changeableAppointments, type VideoVisitInPool } from './video.ts';

/**
 * The campaign's knowledge of a linked patient's routes (`/api/me/patients/{patientId}/…`):
 * a record linked to some pool users (seeded once, links straight into `patient_links`), path
 * values that mostly name the actor's linked patient and what hangs off it, the rows a
 * cancellation changes, and the privacy rule: a 2xx only for a live link of the caller.
 */

export interface LinkInPool {
  userId: string;
  patientId: string;
}

const ME = '/api/me/patients/';

export const isMyHealthPath = (path: string) => path.startsWith(ME);

/** The ids a mark of the linked record's care plan succeeds on. */
export interface LinkedRecordInPool {
  links: LinkInPool[];
  /** The seeded record, which the care plan's ids below belong to. */
  patientId: string;
  carePlanId: string;
  activityId: string;
  day: string;
  /** Its active prescriptions, to send to a pharmacy and ask a refill of. */
  prescriptionIds: string[];
}

/**
 * A practitioner outside the pool (so no request of the campaign trashes the record or changes
 * its plan) with one patient, its appointment, allergy, care plan and three prescriptions, and
 * `userIds` linked to
 * that patient: the linked routes then have a record to succeed on in every batch.
 */
export async function seedLinkedRecord(
  ctx: TestContext,
  userIds: string[],
): Promise<LinkedRecordInPool> {
  const owner = await signIn(ctx, { name: 'Fuzz Linked Practitioner' });
  // A member without a checkout: a session of its own would change what the pool's draw.
  await ctx.database.pool.query('update users set premium_member = true where id = $1', [
    owner.user._id,
  ]);
  const post = async (url: string, payload: object) => {
    const response = await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload });
    if (response.statusCode !== 201) throw new Error(`seeding ${url}: ${response.body}`);
    return response.json();
  };
  const patient = await post('/api/records/patients', {
    name: 'Fuzz Linked Patient',
    diagnosedWith: 'Asthma',
    address: '2 Fixture Lane',
    age: 12,
    bloodGroup: 'O+',
    gender: 'Other',
    phone: '5550303030',
    emergencyContact: { phone: '5550404040' },
  });
  const base = `/api/records/patients/${patient._id}`;
  await post('/api/appointments', {
    ...appointmentInput({ patientId: patient._id, start: '2030-01-07T09:00:00.000Z' }),
  });
  await post(`${base}/allergies`, { substance: 'Peanut', reaction: 'Hives', severity: 'severe' });
  const day = '2026-01-15';
  const plan = await post(`${base}/care-plans`, {
    title: 'Asthma action plan',
    goals: [],
    activities: [{ title: 'Inhaler check', start: day, rrule: '' }],
  });
  const prescriptionIds: string[] = [];
  for (const medication of ['Salbutamol', 'Budesonide', 'Montelukast'])
    prescriptionIds.push(
      (await post(`${base}/prescriptions`, prescriptionInput({ medication })))._id,
    );
  const links: LinkInPool[] = [];
  for (const userId of userIds) {
    await ctx.database.pool.query(
      `insert into patient_links (owner_id, patient_id, user_id, relationship)
       values ($1, $2, $3, 'self')`,
      [owner.user._id, patient._id, userId],
    );
    links.push({ userId, patientId: patient._id });
  }
  return {
    links,
    patientId: patient._id,
    carePlanId: plan._id,
    activityId: plan.activities[0].id,
    day,
    prescriptionIds,
  };
}

type PathValue = { value: string; raw?: string };

/**
 * A path parameter of a linked patient's route: mostly the actor's linked patient, the linked
 * record's care plan, activity and its day, the appointments of the actor's linked patients;
 * else other patients, unknown ids and junk. Undefined for other routes.
 */
export function myHealthPathValue(
  operation: Operation,
  name: string,
  actorId: string,
  pools: {
    linked: LinkedRecordInPool;
    patients: Array<{ id: string; ownerId: string }>;
    appointments: Array<{ id: string; patientId: string }>;
    videoVisits: VideoVisitInPool[];
  },
  junk: fc.Arbitrary<PathValue>,
): fc.Arbitrary<PathValue> | undefined {
  if (!isMyHealthPath(operation.path)) return undefined;
  const ids = (list: string[]) =>
    list.length
      ? fc.constantFrom(...list).map((value) => ({ value }))
      : fc.uuid().map((value) => ({ value }));
  const mostly = (list: string[]) =>
    fc.oneof(
      { weight: 6, arbitrary: ids(list) },
      { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
      { weight: 1, arbitrary: junk },
    );
  const { links, carePlanId, activityId, day } = pools.linked;
  const allLinked = links.filter((link) => link.userId === actorId).map((l) => l.patientId);
  // The care plan's and the prescriptions' routes name the seeded record (the actor's other
  // links, made by bookings, have no plan and no prescription).
  const linked =
    (operation.path.includes('/care-plans') || operation.path.includes('/prescriptions/')) &&
    allLinked.includes(pools.linked.patientId)
      ? [pools.linked.patientId]
      : allLinked;
  switch (name) {
    case 'patientId':
      return fc.oneof(
        { weight: 6, arbitrary: ids(linked) },
        { weight: 3, arbitrary: ids(pools.patients.map((p) => p.id)) },
        { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
        { weight: 1, arbitrary: junk },
      );
    case 'appointmentId':
      return mostly(
        changeableAppointments(pools)
          .filter((a) => linked.includes(a.patientId))
          .map((a) => a.id),
      );
    case 'carePlanId':
      return mostly([carePlanId]);
    case 'activityId':
      return mostly([activityId]);
    case 'id':
      return operation.path.includes('/prescriptions/{id}')
        ? mostly(pools.linked.prescriptionIds)
        : junk;
    case 'day':
      return fc.oneof(
        { weight: 6, arbitrary: ids([day]) },
        { weight: 1, arbitrary: fc.constantFrom({ value: '2026-02-30' }, { value: '2099-01-01' }) },
        { weight: 1, arbitrary: junk },
      );
    default:
      return junk;
  }
}

/** A successful cancellation changed the appointment its path names. */
export function explainMyHealthRows(
  label: string,
  pathValues: Record<string, string>,
  rows: Record<string, Set<string>>,
): void {
  if (label === `POST ${ME}{patientId}/appointments/{appointmentId}/cancel`)
    rows.appointments!.add(pathValues.appointmentId ?? '');
}

/**
 * A 2xx of a linked patient's route is only for a patient the caller is linked to. (The trash
 * can change within a batch, after the answer; the in-process privacy matrix covers it.)
 */
export function myHealthPrivacyProblems(
  label: string,
  pathValues: Record<string, string>,
  actorId: string,
  links: LinkInPool[],
): string[] {
  const patientId = pathValues.patientId?.toLowerCase();
  const isLinked = links.some((link) => link.userId === actorId && link.patientId === patientId);
  return isLinked ? [] : [`${label} answered ${patientId} without a link of the caller`];
}
