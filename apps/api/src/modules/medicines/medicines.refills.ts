import type { TRefillDecline, TRefillRequest, TRefillRequestInput } from '@portal/shared/medicines';
import type { TPrescriptionData } from '@portal/shared/prescription';
import type { TAuditAction } from '@portal/shared/audit';
import { AppError } from '../../lib/app-error.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Actor } from '../audit/owned-records.ts';
import { getLinkedPatient } from '../my-health/linked-patient.ts';
import { iso, type MedicinesContext } from './medicines.context.ts';
import { refillAnsweredEmail } from './medicines.email.ts';
import * as repository from './medicines.refills.repository.ts';

function toApiRefill(row: repository.RefillRow): TRefillRequest {
  return {
    _id: row.id,
    patientId: row.patientId,
    prescriptionId: row.prescriptionId,
    medication: row.medication,
    strength: row.strength,
    note: row.note,
    status: row.status as TRefillRequest['status'],
    message: row.message,
    newPrescriptionId: row.newPrescriptionId,
    requestedBy: row.requestedBy,
    createdAt: iso(row.createdAt)!,
    answeredAt: iso(row.answeredAt),
  };
}

/**
 * Refill requests: a linked person asks for a refill of an active or completed prescription,
 * the practitioner approves it (a new prescription) or declines it with a message.
 */
export function createRefills({
  db,
  now,
  links,
  prescriptions,
  audit,
  notify,
  ownedPatient,
  prescriptionOf,
  refuse,
}: MedicinesContext) {
  /** A page of refill requests of one patient, newest first. */
  async function refillPage(
    scope: { ownerId: string; patientId: string },
    query: PageRequest & { status?: string | undefined },
  ): Promise<Page<TRefillRequest>> {
    const after = instantIdKeyAfter(query.cursor);
    return readPage({
      limit: query.limit,
      rows: (limit) =>
        repository.listRefillRequests(db, { ...scope, status: query.status, after, limit }),
      total: () => repository.countRefillRequests(db, { ...scope, status: query.status }),
      toItem: toApiRefill,
      keyOf: (row) => [iso(row.createdAt)!, row.id],
    });
  }

  /** The open request of the owner's patient, or an audited 404/409. */
  async function openRequest(
    actor: Actor,
    patientId: string,
    requestId: string,
    action: TAuditAction,
  ) {
    const scope = await ownedPatient(actor, patientId, action);
    const [row] = isUuid(requestId)
      ? await repository.listRefillRequests(db, { ...scope, id: requestId.toLowerCase(), limit: 1 })
      : [];
    if (!row) {
      await audit(actor, { patientId: scope.patientId, action, outcome: 'denied' });
      throw new AppError('REFILL_REQUEST_NOT_FOUND');
    }
    const subject = { kind: 'refill' as const, id: row.id };
    if (row.status !== 'open')
      return refuse(
        actor,
        { patientId: scope.patientId, subject, action },
        new AppError('REFILL_ALREADY_ANSWERED'),
      );
    return { scope, row, subject };
  }

  return {
    /** A linked person asks for a refill of an active or completed prescription. */
    async requestRefill({
      actor,
      patientId,
      id,
      input,
    }: {
      actor: Actor;
      patientId: string;
      id: string;
      input: TRefillRequestInput;
    }): Promise<TRefillRequest> {
      const link = await getLinkedPatient(db, { actor, patientId, action: 'request_refill' });
      const current = await prescriptionOf(actor, link, id, 'request_refill');
      const subject = { kind: 'prescription' as const, id: current.id };
      if (current.status === 'stopped')
        return refuse(
          actor,
          { patientId: link.patientId, subject, action: 'request_refill' },
          new AppError('REFILL_NOT_ALLOWED'),
        );
      const made = await repository.insertRefillRequest(db, {
        ownerId: link.ownerId,
        patientId: link.patientId,
        prescriptionId: current.id,
        requesterId: actor.actorId,
        note: input.note ?? '',
      });
      if (!made)
        return refuse(
          actor,
          { patientId: link.patientId, subject, action: 'request_refill' },
          new AppError('REFILL_ALREADY_OPEN'),
        );
      await audit(actor, {
        patientId: link.patientId,
        subject: { kind: 'refill', id: made.id },
        related: subject,
        action: 'request_refill',
      });
      const [row] = await repository.listRefillRequests(db, { ...link, id: made.id, limit: 1 });
      return toApiRefill(row!);
    },

    /** The linked person's view of the patient's refill requests and their answers. */
    async listMyRefills({
      actor,
      patientId,
      query,
    }: {
      actor: Actor;
      patientId: string;
      query: PageRequest & { status?: string | undefined };
    }) {
      const link = await getLinkedPatient(db, { actor, patientId, action: 'list' });
      const page = await refillPage(link, query);
      await audit(actor, { patientId: link.patientId, action: 'list' });
      return page;
    },

    /** The practitioner's list of one patient's refill requests. */
    async listRefills({
      actor,
      patientId,
      query,
    }: {
      actor: Actor;
      patientId: string;
      query: PageRequest & { status?: string | undefined };
    }) {
      const scope = await ownedPatient(actor, patientId, 'list');
      const page = await refillPage(scope, query);
      await audit(actor, { patientId: scope.patientId, action: 'list' });
      return page;
    },

    /** How many refill requests wait for the practitioner (the menu's count). */
    async countOpenRefills({ actor }: { actor: Actor }) {
      const open = await repository.countOpenRefills(db, actor.actorId);
      await audit(actor, { patientId: null, action: 'list' });
      return { open };
    },

    /**
     * Approves a request with the prescription as the practitioner wrote it: a new prescription
     * through the prescriptions' service (so the allergy warning applies), then the request is
     * answered. If another answer won meanwhile, the new prescription is taken back.
     */
    async approveRefill({
      actor,
      patientId,
      requestId,
      input,
    }: {
      actor: Actor;
      patientId: string;
      requestId: string;
      input: TPrescriptionData;
    }) {
      const { scope, row, subject } = await openRequest(actor, patientId, requestId, 'approve');
      const written = await prescriptions.createItem({ actor, patientId: scope.patientId, input });
      const answered = await repository.answerRefill(db, {
        id: row.id,
        status: 'approved',
        newPrescriptionId: written._id,
        at: now(),
      });
      if (!answered) {
        await repository.deletePrescription(db, written._id);
        return refuse(
          actor,
          { patientId: scope.patientId, subject, action: 'approve' },
          new AppError('REFILL_ALREADY_ANSWERED'),
        );
      }
      await audit(actor, { patientId: scope.patientId, subject, action: 'approve' });
      await notify(answered.requesterId, (to) =>
        refillAnsweredEmail({ to, requestId: row.id, publicUrl: links.publicUrl }),
      );
      return written;
    },

    /** Declines a request with a message for the person who asked. */
    async declineRefill({
      actor,
      patientId,
      requestId,
      input,
    }: {
      actor: Actor;
      patientId: string;
      requestId: string;
      input: TRefillDecline;
    }): Promise<TRefillRequest> {
      const { scope, row, subject } = await openRequest(actor, patientId, requestId, 'decline');
      const answered = await repository.answerRefill(db, {
        id: row.id,
        status: 'declined',
        message: input.message,
        at: now(),
      });
      if (!answered)
        return refuse(
          actor,
          { patientId: scope.patientId, subject, action: 'decline' },
          new AppError('REFILL_ALREADY_ANSWERED'),
        );
      await audit(actor, { patientId: scope.patientId, subject, action: 'decline' });
      await notify(answered.requesterId, (to) =>
        refillAnsweredEmail({ to, requestId: row.id, publicUrl: links.publicUrl }),
      );
      const [updated] = await repository.listRefillRequests(db, { ...scope, id: row.id, limit: 1 });
      return toApiRefill(updated!);
    },
  };
}
