import fc from 'fast-check';
import { ZVideoJoin, ZVideoSignalInput } from '@portal/shared/video';
import type { TestContext } from '../app.ts';
import type { Operation } from './openapi.ts';
import type { Pools } from './pools.ts';

/**
 * The campaign's knowledge of video visits (`/api/appointments/{id}/video…`): a video
 * appointment open now for every pool user's live patient and one on the linked record (whose
 * practitioner is outside the pool), so both sides of a call have one to succeed on; path values
 * that mostly name them; signal bodies that mostly pass; and the privacy rule: a 2xx only for
 * the appointment's practitioner or a person linked to its patient.
 */

export interface VideoVisitInPool {
  id: string;
  ownerId: string;
  patientId: string;
}

/** Video appointments from 5 minutes ago for an hour: open for the whole campaign. */
export async function seedVideoVisits(
  ctx: TestContext,
  { userIds, linkedPatientId }: { userIds: string[]; linkedPatientId: string },
): Promise<VideoVisitInPool[]> {
  const { rows } = await ctx.database.pool.query<{
    id: string;
    owner_id: string;
    patient_id: string;
  }>(
    `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, status)
     select distinct on (p.owner_id) p.owner_id, p.id, now() - interval '5 minutes',
            now() + interval '55 minutes', 'video', 'booked'
       from patients p
      where p.deleted_at is null and (p.owner_id = any($1::uuid[]) or p.id = $2)
      order by p.owner_id, p.created_at
     returning id, owner_id, patient_id`,
    [userIds, linkedPatientId],
  );
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, patientId: row.patient_id }));
}

/**
 * The appointments other routes may draw to change (reschedule, cancel, answer): every one but
 * the seeded video visits, which must stay open for the whole campaign for a call to succeed.
 */
export function changeableAppointments<T extends { id: string }>({
  appointments,
  videoVisits,
}: {
  appointments: T[];
  videoVisits: VideoVisitInPool[];
}): T[] {
  const calls = new Set(videoVisits.map((visit) => visit.id));
  return appointments.filter((appointment) => !calls.has(appointment.id));
}

/** The shared zod schemas of the video routes' answers and body (checks.ts). */
export const VIDEO_ZOD_RESPONSES = { 'POST /api/appointments/{id}/video': { 200: ZVideoJoin } };
export const VIDEO_ZOD_BODIES = { 'POST /api/appointments/{id}/video/signal': ZVideoSignalInput };

const isVideoPath = (path: string) => path.startsWith('/api/appointments/{id}/video');

/** Whether `actorId` takes part in that call: its practitioner, or linked to its patient. */
function takesPart(visit: VideoVisitInPool, actorId: string, pools: Pools) {
  return (
    visit.ownerId === actorId ||
    pools.linked.links.some((link) => link.userId === actorId && link.patientId === visit.patientId)
  );
}

/** A video route's `{id}`: calls the actor takes part in, others', other appointments, junk. */
export function videoPathValue(
  operation: Operation,
  actorId: string,
  pools: Pools,
  junk: fc.Arbitrary<{ value: string; raw?: string }>,
): fc.Arbitrary<{ value: string; raw?: string }> | undefined {
  if (!isVideoPath(operation.path)) return undefined;
  const ids = (list: string[]) =>
    list.length
      ? fc.constantFrom(...list).map((value) => ({ value }))
      : fc.uuid().map((value) => ({ value }));
  const mine = pools.videoVisits.filter((visit) => takesPart(visit, actorId, pools));
  const others = pools.videoVisits.filter((visit) => !takesPart(visit, actorId, pools));
  return fc.oneof(
    { weight: 6, arbitrary: ids(mine.map((visit) => visit.id)) },
    { weight: 2, arbitrary: ids(others.map((visit) => visit.id)) },
    {
      weight: 1,
      arbitrary: ids(pools.appointments.filter((a) => a.ownerId === actorId).map((a) => a.id)),
    },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
    { weight: 1, arbitrary: junk },
  );
}

/** Signal bodies that mostly pass: a known type, a small payload, a media state. */
export function videoHints(operation: Operation) {
  if (operation.path !== '/api/appointments/{id}/video/signal') return {};
  return {
    type: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('offer', 'answer', 'candidate', 'media', 'leave') },
      { weight: 1, arbitrary: fc.constantFrom('hangup', '') },
    ),
    payload: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom({ audio: true, video: false }) },
      {
        weight: 3,
        arbitrary: fc.constantFrom({ candidate: 'candidate:1 1 udp 1 192.0.2.1 9 typ host' }),
      },
      { weight: 1, arbitrary: fc.constantFrom({ audio: 'on' }, 'x'.repeat(17_000)) },
    ),
  };
}

/** A 2xx of a video route is only for a participant of that appointment's call. */
export function videoPrivacyProblems(
  label: string,
  appointmentId: string | undefined,
  actorId: string,
  after: { appointments: Array<{ id: string; ownerId: string; patientId: string }> },
  pools: Pools,
): string[] | undefined {
  if (!label.includes('/api/appointments/{id}/video')) return undefined;
  const appointment = after.appointments.find((a) => a.id === appointmentId?.toLowerCase());
  if (appointment && takesPart(appointment, actorId, pools)) return [];
  return [`${label} answered 2xx on appointment ${appointmentId}, whose call is not the caller's`];
}
