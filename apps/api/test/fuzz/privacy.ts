import type { TSearchResults } from '@portal/shared/search';
import { VALID_AUTH } from './auth-values.ts';
import type { DbState } from './db-state.ts';
import { kindPrivacyProblems } from './kinds.ts';
import { messagePrivacyProblems } from './messages.ts';
import { isMyHealthPath, myHealthPrivacyProblems } from './my-health.ts';
import type { Pools } from './pools.ts';
import { reminderLeaks } from './reminders.ts';
import type { Outcome } from './requests.ts';
import { timelinePrivacyProblems } from './timeline.ts';
import { videoPrivacyProblems } from './video.ts';
import { isVisitLabel, visitPrivacyProblems } from './visits.ts';

/** Successful answers about patient records must concern the caller's own records only. */
export function privacyProblems(
  { request, status, json }: Outcome,
  after: DbState,
  pools: Pools,
): string[] {
  // Only the pool users' own tokens say whose records these are.
  if (status < 200 || status >= 300 || !request.operation || !VALID_AUTH.includes(request.auth))
    return [];
  const actorId = pools.users[request.actor]!.user._id;
  const ownerOf = (id: string) => after.patients.find((patient) => patient.id === id)?.ownerId;
  const label = request.operation.label;
  const patientId = request.pathValues.id;
  if (isMyHealthPath(request.operation.path))
    return myHealthPrivacyProblems(label, request.pathValues, actorId, pools.linked.links);
  if (isVisitLabel(label)) {
    return [
      ...visitPrivacyProblems(
        label,
        { status, json, pathValues: request.pathValues },
        actorId,
        after.visits,
      ),
      ...(patientId && ownerOf(patientId) !== actorId
        ? [`${status} on the visits of patient ${patientId}, which is not the caller's`]
        : []),
    ];
  }
  const message = messagePrivacyProblems(label, request.pathValues, json, actorId, pools);
  if (message.length) return message;
  const kind = kindPrivacyProblems(label, request.pathValues, json, actorId, after.kinds);
  if (kind.length) return kind;
  const timeline = timelinePrivacyProblems(label, json, actorId, after);
  if (timeline.length) return timeline;
  const reminderLeak = reminderLeaks(label, json, actorId, pools.reminders);
  if (reminderLeak.length) return reminderLeak;
  if (label === 'GET /api/records/patients' && Array.isArray(json)) {
    return (json as Array<{ _id: string }>)
      .filter((patient) => ownerOf(patient._id) !== actorId)
      .map((patient) => `listed patient ${patient._id} of someone else`);
  }
  if (label === 'GET /api/premier/search' && json && typeof json === 'object') {
    return (json as TSearchResults).groups
      .flatMap((group) => group.items)
      .filter((hit) => ownerOf(hit.patientId) !== actorId)
      .map((hit) => `search found ${hit.itemId} of someone else's patient ${hit.patientId}`);
  }
  if (label.startsWith('GET /api/premier/transactions') && json) {
    const ownerOfSession = (id: string) => after.sessions.find((s) => s.id === id)?.userId;
    return (Array.isArray(json) ? json : [json])
      .filter((row: { id: string }) => ownerOfSession(row.id) !== actorId)
      .map((row: { id: string }) => `answered transaction ${row.id} of someone else`);
  }
  if (label === 'GET /api/records/audit' && Array.isArray(json)) {
    // Someone else's event only about one of the caller's patients (a linked person's read).
    return (json as Array<{ actorId: string; patientId: string | null }>)
      .filter(
        (event) =>
          event.actorId !== actorId && (!event.patientId || ownerOf(event.patientId) !== actorId),
      )
      .map(() => "listed someone else's audit event");
  }
  const id = request.pathValues.id;
  const call = videoPrivacyProblems(label, id, actorId, after, pools);
  if (call) return call;
  if (label.includes('/api/records/patients/{id}') && id && ownerOf(id) !== actorId)
    return [`${status} on patient ${id}, which is not the caller's`];
  const appointmentOwner = (appointmentId: string) =>
    after.appointments.find((appointment) => appointment.id === appointmentId)?.ownerId;
  if (
    (label === 'GET /api/appointments' || label === 'GET /api/appointments/requests') &&
    Array.isArray(json)
  ) {
    return (json as Array<{ _id: string }>)
      .filter((appointment) => appointmentOwner(appointment._id) !== actorId)
      .map((appointment) => `listed appointment ${appointment._id} of someone else`);
  }
  if (label.includes('/api/appointments/{id}') && id && appointmentOwner(id) !== actorId)
    return [`${status} on appointment ${id}, which is not the caller's`];
  if (label === 'POST /api/directory/doctors/{id}/bookings') {
    // A booking is the caller's own: its patient is a record the caller is linked to.
    const booked = after.appointments.find((a) => a.id === (json as { _id?: string })?._id);
    const isLinked = pools.linked.links.some(
      (link) => link.userId === actorId && link.patientId === booked?.patientId,
    );
    return isLinked ? [] : [`booked ${booked?.id} for a record the caller is not linked to`];
  }
  return [];
}
