import type { TAuditAction } from '@portal/shared/audit';
import type { TVisit, TVisitData, TVisitPatientSharing } from '@portal/shared/visit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { parseIfMatch } from '../../lib/etag.ts';
import { storedId } from '../../lib/uuid.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import type { AppointmentService } from '../appointments/appointments.service.ts';
import { findOwnLivePatientId } from '../patients/patients.repository.ts';
import { toApiVisit, toStoredValues, type VisitRecord } from './visits.fields.ts';
import { createVisitRefusals, type Actor } from './visits.refusals.ts';
import * as repository from './visits.repository.ts';

export type { Actor };

const isStateCode = (result: string): result is StateCode => result.startsWith('VISIT_');

type StateCode = 'VISIT_SIGNED' | 'VISIT_NOT_SIGNED' | 'VISIT_CHANGED';

/** A refusal found inside a change's transaction: thrown so that whatever it did rolls back. */
class Refused extends Error {
  constructor(
    readonly code: StateCode,
    readonly latest: VisitRecord,
  ) {
    super(code);
  }
}

/** Where a visit lives: the patient of the path, then the visit itself. */
interface Place {
  actor: Actor;
  patientId: string;
}

/**
 * The visits' rules, created once per app (visits.plugin.ts). Every call first checks the
 * patient is one of the actor's live patients (404 otherwise, as for the patient itself); a
 * signed visit takes no change but an addendum; every read, change and refusal is audited.
 * Closing an appointment goes through the appointments' own service, in the visit's
 * transaction.
 */
export function createVisitService({
  db,
  appointments,
}: {
  db: Db;
  appointments: Pick<AppointmentService, 'fulfilForVisit'>;
}) {
  const refusals = createVisitRefusals(db);
  const { audit, refusePatient, deny, refuseState } = refusals;

  /** The patient's stored id, or the audited 404. */
  async function livePatient(
    tx: DbOrTx,
    { actor, patientId }: Place,
    action: TAuditAction,
  ): Promise<string> {
    const id = await findOwnLivePatientId(tx, { ownerId: actor.actorId, patientId });
    return id ?? refusePatient(actor, action, patientId);
  }

  /**
   * Runs a change of one existing visit in a transaction: the patient and the visit are checked
   * first (404s), then `change` answers the changed visit's id, or a refusal code for the
   * current version: the transaction then rolls back (an appointment closed on the way stays
   * open) and the refusal is audited after it, so its event is kept.
   */
  async function changeVisit(
    place: Place & { visitId: string },
    action: TAuditAction,
    change: (
      tx: DbOrTx,
      current: VisitRecord,
      ref: repository.VisitRef,
    ) => Promise<string | StateCode>,
  ): Promise<TVisit> {
    const { actor } = place;
    try {
      const outcome = await db.transaction(async (tx) => {
        const patientId = await livePatient(tx, place, action);
        const visitId = storedId(place.visitId);
        const ref = visitId && { ownerId: actor.actorId, patientId, id: visitId };
        const current = ref && (await repository.findVisit(tx, ref));
        if (!ref || !current) return { kind: 'missing' as const, patientId };
        const result = await change(tx, current, ref);
        if (isStateCode(result)) {
          throw new Refused(result, (await repository.findVisit(tx, ref)) ?? current);
        }
        await audit(tx, actor, { action, outcome: 'success', patientId, visitId: ref.id });
        return { kind: 'done' as const, row: (await repository.findVisit(tx, ref))! };
      });
      if (outcome.kind === 'missing') {
        return deny(actor, action, { patientId: outcome.patientId, visitId: place.visitId });
      }
      return toApiVisit(outcome.row);
    } catch (error) {
      if (error instanceof Refused) return refuseState(actor, action, error.latest, error.code);
      throw error;
    }
  }

  /** Why a guarded update found no row: signed meanwhile, or another version. */
  async function whyRefused(tx: DbOrTx, ref: repository.VisitRef) {
    const latest = await repository.findVisit(tx, ref);
    return latest?.signedAt ? ('VISIT_SIGNED' as const) : ('VISIT_CHANGED' as const);
  }

  return {
    /** A page of the patient's visits, newest first, with the total. */
    async findItems({ limit, cursor, ...place }: Place & PageRequest): Promise<Page<TVisit>> {
      const after = instantIdKeyAfter(cursor);
      const patientId = await livePatient(db, place, 'list');
      const scope = { ownerId: place.actor.actorId, patientId };
      const page = await readPage({
        limit,
        rows: (oneMore) => repository.listVisits(db, { ...scope, after, limit: oneMore }),
        total: () => repository.countVisits(db, scope),
        toItem: toApiVisit,
        keyOf: (row) => [row.occurredAt.toISOString(), row.id],
      });
      await audit(db, place.actor, {
        action: 'list',
        outcome: 'success',
        patientId,
        visitId: null,
      });
      return page;
    },

    async getItem({ id: visitId, ...place }: Place & { id: string }): Promise<TVisit> {
      const patientId = await livePatient(db, place, 'read');
      const id = storedId(visitId);
      const row =
        id && (await repository.findVisit(db, { ownerId: place.actor.actorId, patientId, id }));
      if (!row) return deny(place.actor, 'read', { patientId, visitId });
      await audit(db, place.actor, {
        action: 'read',
        outcome: 'success',
        patientId,
        visitId: row.id,
      });
      return toApiVisit(row);
    },

    /** Records a visit; with `appointmentId`, that appointment of the patient is fulfilled. */
    async createItem({ input, ...place }: Place & { input: TVisitData }): Promise<TVisit> {
      const { actor } = place;
      const row = await db.transaction(async (tx) => {
        const patientId = await livePatient(tx, place, 'create');
        if (input.appointmentId) {
          await appointments.fulfilForVisit({ tx, actor, id: input.appointmentId, patientId });
        }
        const id = await repository.insertVisit(tx, {
          ownerId: actor.actorId,
          patientId,
          values: toStoredValues(input),
        });
        await audit(tx, actor, { action: 'create', outcome: 'success', patientId, visitId: id });
        return (await repository.findVisit(tx, { ownerId: actor.actorId, patientId, id }))!;
      });
      return toApiVisit(row);
    },

    /** Replaces an unsigned visit; a signed one answers 409, a stale `If-Match` 412. */
    async updateItem({
      id: visitId,
      input,
      ifMatch,
      ...place
    }: Place & { id: string; input: TVisitData; ifMatch?: string }): Promise<TVisit> {
      const versions = parseIfMatch(ifMatch);
      return changeVisit({ ...place, visitId }, 'update', async (tx, current, ref) => {
        if (current.signedAt) return 'VISIT_SIGNED';
        // Before the update, whose foreign key needs the appointment; a refused version then
        // rolls the closing back.
        if (input.appointmentId && input.appointmentId !== current.appointmentId) {
          await appointments.fulfilForVisit({
            tx,
            actor: place.actor,
            id: input.appointmentId,
            patientId: ref.patientId,
          });
        }
        const values = toStoredValues(input);
        return (
          (await repository.updateVisit(tx, { ...ref, values, versions })) ?? whyRefused(tx, ref)
        );
      });
    },

    /** Signs an unsigned visit: from then on only addenda change it. */
    async signVisit({ id: visitId, ifMatch, ...place }: Place & { id: string; ifMatch?: string }) {
      const versions = parseIfMatch(ifMatch);
      return changeVisit({ ...place, visitId }, 'sign', async (tx, current, ref) => {
        if (current.signedAt) return 'VISIT_SIGNED';
        const signerId = place.actor.actorId;
        return (
          (await repository.signVisit(tx, { ...ref, versions, signerId })) ?? whyRefused(tx, ref)
        );
      });
    },

    /** Adds a correction or addition to a signed visit, with its author and time. */
    async addAddendum({ id: visitId, text, ...place }: Place & { id: string; text: string }) {
      return changeVisit({ ...place, visitId }, 'addendum', async (tx, current, ref) => {
        if (!current.signedAt) return 'VISIT_NOT_SIGNED';
        const added = await repository.insertAddendum(tx, {
          ...ref,
          authorId: place.actor.actorId,
          text,
        });
        return added ? ref.id : 'VISIT_NOT_SIGNED';
      });
    },

    /**
     * Whether the visit's notes reach a linked patient, drafts included (the switch holds once
     * signed); audited as an update of the visit.
     */
    async setPatientSharing({
      id: visitId,
      sharing,
      ...place
    }: Place & { id: string; sharing: TVisitPatientSharing }) {
      return changeVisit({ ...place, visitId }, 'update', async (tx, _current, ref) => {
        await repository.setPatientSharing(tx, { ...ref, sharing });
        return ref.id;
      });
    },

    recordInvalidAttempt: refusals.recordInvalidAttempt,
  };
}

export type VisitService = ReturnType<typeof createVisitService>;
