import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { TVideoJoin, TVideoSignalInput } from '@portal/shared/video';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import { auditRecord } from '../audit/audit.repository.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import type { CallHub } from './video.hub.ts';
import { iceServersFor, type IceConfig } from './video.ice.ts';
import * as repository from './video.repository.ts';
import type { CallPlace } from './video.repository.ts';
import { openWindowEnd } from './video.window.ts';

/** A participant's call, open now: the appointment as they see it and when the window ends. */
export interface OpenCall {
  place: CallPlace;
  closesAt: Date;
}

/**
 * The rules of video visits: who takes part (the practitioner and the people linked to the
 * patient; anyone else is told the appointment does not exist), when (a video appointment,
 * booked, arrived or fulfilled, within its window), and what the API hands out and passes on.
 * Every request is audited, its refusals too; a signal's content never is.
 */
export function createVideoService({
  db,
  hub,
  ice,
  now = systemClock,
}: {
  db: Db;
  hub: CallHub;
  ice: IceConfig;
  now?: Clock;
}) {
  const audit = (
    actor: Actor,
    action: TAuditAction,
    outcome: TAuditOutcome,
    { patientId, appointmentId }: { patientId: string | null; appointmentId: string | null },
  ) =>
    insertActorAuditEvents(db, actor, [
      { patientId, subject: auditRecord('appointment', appointmentId), action, outcome },
    ]);

  /** The call of appointment `id` if the actor takes part in it and it is open now. */
  async function openCall(actor: Actor, id: string, action: TAuditAction): Promise<OpenCall> {
    const appointmentId = storedId(id);
    const place =
      appointmentId &&
      (await repository.findCallPlace(db, { userId: actor.actorId, appointmentId }));
    if (!place) {
      await audit(actor, action, 'denied', { patientId: null, appointmentId });
      throw new AppError('APPOINTMENT_NOT_FOUND');
    }
    try {
      return { place, closesAt: openWindowEnd(place, now()) };
    } catch (error) {
      await audit(actor, action, 'conflict', {
        patientId: place.patientId,
        appointmentId: place.appointmentId,
      });
      throw error;
    }
  }

  const succeeded = (actor: Actor, action: TAuditAction, { place }: OpenCall) =>
    audit(actor, action, 'success', {
      patientId: place.patientId,
      appointmentId: place.appointmentId,
    });

  return {
    /** `POST /api/appointments/{id}/video`: the room, the ICE servers and the policy. */
    async joinCall({ actor, id }: { actor: Actor; id: string }): Promise<TVideoJoin> {
      const call = await openCall(actor, id, 'join');
      await succeeded(actor, 'join', call);
      const { place, closesAt } = call;
      return {
        room: place.appointmentId,
        iceServers: iceServersFor(ice, { userId: actor.actorId, expiresAt: closesAt }),
        iceTransportPolicy: ice.VIDEO_RELAY_ONLY ? 'relay' : 'all',
        expiresAt: closesAt.toISOString(),
        role: place.role,
        patientId: place.patientId,
        peerName: place.peerName,
      };
    },

    /** Opening the events stream: audited as entering the call. */
    async enterCall({ actor, id }: { actor: Actor; id: string }): Promise<OpenCall> {
      const call = await openCall(actor, id, 'enter_call');
      await succeeded(actor, 'enter_call', call);
      return call;
    },

    /** The events stream closed: audited as leaving the call (never fails the caller). */
    async leftCall({ actor, call }: { actor: Actor; call: OpenCall }): Promise<void> {
      await succeeded(actor, 'leave_call', call);
    },

    /** A signal to the other side; `leave` ends the call for both and forgets its signals. */
    async sendSignal({
      actor,
      id,
      input,
    }: {
      actor: Actor;
      id: string;
      input: TVideoSignalInput;
    }): Promise<void> {
      const call = await openCall(actor, id, 'signal');
      await succeeded(actor, 'signal', call);
      const { place } = call;
      if (input.type === 'leave') {
        hub.end(place.appointmentId, place.role);
        await repository.deleteCallSignals(db, [place.appointmentId]);
        return;
      }
      const signal = await repository.insertSignal(db, {
        appointmentId: place.appointmentId,
        senderId: actor.actorId,
        fromRole: place.role,
        type: input.type,
        payload: input.payload ?? null,
      });
      hub.signal(signal);
    },

    /** The periodic clean-up: signals older than a minute. */
    deleteOldSignals: () => repository.deleteOldSignals(db),
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
