import type {
  TPharmacyPrescription,
  TRefillDecline,
  TRefillRequest,
  TRefillRequestInput,
  TSendToPharmacy,
} from '@portal/shared/medicines';
import { PRESCRIPTION_KIND, type TPrescriptionData } from '@portal/shared/prescription';
import type { TAuditAction } from '@portal/shared/audit';
import type { ZMyPrescription } from '@portal/shared/my-health';
import type { z } from 'zod';
import type { DbAndClock } from '../../db/client.ts';
import type { AnswerLinks } from '../../kinds/kind.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { toApiPrescription } from '../clinical/prescriptions.fields.ts';
import type { PrescriptionService } from '../clinical/prescriptions.service.ts';
import { expiryOf } from '../clinical/prescriptions.verification.ts';
import { getLinkedPatient } from '../my-health/linked-patient.ts';
import { isOwnLivePatient } from '../patients/patients.repository.ts';
import { wantsNotice } from '../users/notices.service.ts';
import { findUserContact } from '../users/users.repository.ts';
import { readyForPickupEmail, refillAnsweredEmail } from './medicines.email.ts';
import * as repository from './medicines.repository.ts';
import { toVerification } from './medicines.verification.ts';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

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

/** What a pharmacy's staff see of a prescription sent to it. */
function toPharmacyPrescription(row: repository.VerifiedRow, now: Date): TPharmacyPrescription {
  const { verificationCount: _count, ...verified } = toVerification(
    row,
    { exp: expiryOf(new Date(row.createdAt)) },
    now,
  );
  return {
    ...verified,
    _id: row.id,
    instructions: row.instructions,
    patient: { name: row.patientName, ...verified.patient },
    pharmacyStatus: row.dispensedAt ? 'dispensed' : row.readyAt ? 'ready' : 'sent',
    sentAt: iso(row.sentAt)!,
    readyAt: iso(row.readyAt),
  };
}

/** A prescription as the linked person's screens show it (its kind's patient view). */
type TMyPrescription = z.infer<typeof ZMyPrescription>;

function toPatientView(
  row: Parameters<typeof toApiPrescription>[0],
  links: AnswerLinks,
): TMyPrescription {
  const item = toApiPrescription(row, links);
  return Object.fromEntries(
    PRESCRIPTION_KIND.patientView.map((field) => [field, item[field]]),
  ) as TMyPrescription;
}

/**
 * Refill requests (a linked person asks, the practitioner answers) and sending a prescription to
 * a pharmacy (the linked person or the practitioner), with the pharmacy's list and its ready and
 * dispensed actions. Every read and change is audited; someone else's id is a 404.
 */
export function createMedicinesService({
  db,
  now = systemClock,
  mailer,
  links,
  prescriptions,
  dispenseSent,
  logMailError,
}: DbAndClock & {
  mailer: Mailer | null;
  links: AnswerLinks;
  /** The prescriptions' own service: an approved refill is written like any prescription. */
  prescriptions: PrescriptionService;
  dispenseSent: (args: { actor: Actor; id: string }) => Promise<unknown>;
  logMailError: (error: unknown) => void;
}) {
  const audit = (
    actor: Actor,
    entry: Omit<Parameters<typeof insertActorAuditEvents>[2][number], 'outcome'> & {
      outcome?: 'success' | 'denied' | 'conflict';
    },
  ) => insertActorAuditEvents(db, actor, [{ outcome: 'success', ...entry }]);

  /** Mail is a courtesy: the answer stands whether or not the server took it. */
  async function notify(userId: string, message: (to: string) => MailMessage) {
    if (!mailer) return;
    try {
      if (!(await wantsNotice(db, userId, 'medicine-notices'))) return;
      const contact = await findUserContact(db, userId);
      if (contact?.email) await mailer.send(message(contact.email));
    } catch (error) {
      logMailError(error);
    }
  }

  /** The owner's live patient, or an audited 404 `PATIENT_NOT_FOUND`. */
  async function ownedPatient(actor: Actor, patientId: string, action: TAuditAction) {
    const id = patientId.toLowerCase();
    if (isUuid(id) && (await isOwnLivePatient(db, { ownerId: actor.actorId, patientId: id })))
      return { ownerId: actor.actorId, patientId: id };
    await audit(actor, { patientId: isUuid(id) ? id : null, action, outcome: 'denied' });
    throw new AppError('PATIENT_NOT_FOUND');
  }

  /** One prescription of the patient, or an audited 404 `PRESCRIPTION_NOT_FOUND`. */
  async function prescriptionOf(
    actor: Actor,
    scope: { ownerId: string; patientId: string },
    id: string,
    action: TAuditAction,
  ) {
    const row = isUuid(id)
      ? await repository.findPatientPrescription(db, { ...scope, id: id.toLowerCase() })
      : undefined;
    if (row) return row;
    await audit(actor, {
      patientId: scope.patientId,
      subject: isUuid(id) ? { kind: 'prescription', id: id.toLowerCase() } : null,
      action,
      outcome: 'denied',
    });
    throw new AppError('PRESCRIPTION_NOT_FOUND');
  }

  async function refuse(
    actor: Actor,
    entry: Parameters<typeof audit>[1],
    error: AppError,
  ): Promise<never> {
    await audit(actor, { ...entry, outcome: 'conflict' });
    throw error;
  }

  /** Sends a prescription of the scope to an approved pharmacy; audited. */
  async function send(
    actor: Actor,
    scope: { ownerId: string; patientId: string },
    id: string,
    input: TSendToPharmacy,
  ) {
    const current = await prescriptionOf(actor, scope, id, 'send');
    const subject = { kind: 'prescription' as const, id: current.id };
    const pharmacy = await repository.findApprovedPharmacy(db, input.facilityId.toLowerCase());
    if (!pharmacy) {
      await audit(actor, {
        patientId: scope.patientId,
        subject,
        action: 'send',
        outcome: 'denied',
      });
      throw new AppError('PHARMACY_NOT_FOUND');
    }
    const row = await repository.markSent(db, {
      id: current.id,
      pharmacyId: pharmacy.id,
      at: now(),
    });
    if (!row)
      return refuse(
        actor,
        { patientId: scope.patientId, subject, action: 'send' },
        new AppError('PRESCRIPTION_NOT_ACTIVE'),
      );
    await audit(actor, {
      patientId: scope.patientId,
      subject,
      related: { kind: 'facility', id: pharmacy.id },
      action: 'send',
    });
    return row;
  }

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

    /** A linked person sends the patient's active prescription to an approved pharmacy. */
    async sendMine({
      actor,
      patientId,
      id,
      input,
    }: {
      actor: Actor;
      patientId: string;
      id: string;
      input: TSendToPharmacy;
    }) {
      const link = await getLinkedPatient(db, { actor, patientId, action: 'send' });
      return toPatientView(await send(actor, link, id, input), links);
    },

    /** The practitioner sends their patient's active prescription to an approved pharmacy. */
    async sendForPatient({
      actor,
      patientId,
      id,
      input,
    }: {
      actor: Actor;
      patientId: string;
      id: string;
      input: TSendToPharmacy;
    }) {
      const scope = await ownedPatient(actor, patientId, 'send');
      return toApiPrescription(await send(actor, scope, id, input), links);
    },

    /** The prescriptions sent to one of the actor's pharmacies, newest sent first. */
    async listForPharmacy({
      actor,
      query,
    }: {
      actor: Actor;
      query: PageRequest & {
        facilityId: string;
        status?: TPharmacyPrescription['pharmacyStatus'] | undefined;
      };
    }): Promise<Page<TPharmacyPrescription>> {
      const pharmacy = await repository.findOwnPharmacy(db, {
        userId: actor.actorId,
        facilityId: query.facilityId.toLowerCase(),
      });
      if (!pharmacy) {
        await audit(actor, { patientId: null, action: 'list', outcome: 'denied' });
        throw new AppError('PHARMACY_NOT_FOUND');
      }
      const after = instantIdKeyAfter(query.cursor);
      const at = now();
      const { rows, total } = await repository.listPharmacyPrescriptions(db, {
        pharmacyId: pharmacy.id,
        status: query.status,
        after,
        limit: query.limit + 1,
      });
      await audit(actor, {
        patientId: null,
        subject: { kind: 'facility', id: pharmacy.id },
        action: 'list',
      });
      return readPage({
        limit: query.limit,
        rows: async () => rows,
        total: async () => total,
        toItem: (row) => toPharmacyPrescription(row, at),
        keyOf: (row) => [iso(row.sentAt)!, row.id],
      });
    },

    /** The pharmacy has it ready for pickup: the people linked to the patient are told. */
    async markReady({ actor, id }: { actor: Actor; id: string }): Promise<TPharmacyPrescription> {
      const found = isUuid(id)
        ? await repository.findVerifiedById(db, id.toLowerCase())
        : undefined;
      const pharmacies = await repository.findOwnPharmacyIds(db, actor.actorId);
      const subject = found ? { kind: 'prescription' as const, id: found.id } : null;
      if (!found?.pharmacyId || !pharmacies.includes(found.pharmacyId)) {
        await audit(actor, {
          patientId: found?.patientId ?? null,
          subject,
          action: 'ready',
          outcome: 'denied',
        });
        throw new AppError('PRESCRIPTION_NOT_FOUND');
      }
      const changed = await repository.markReady(db, {
        id: found.id,
        pharmacyId: found.pharmacyId,
        at: now(),
      });
      if (!changed)
        return refuse(
          actor,
          { patientId: found.patientId, subject, action: 'ready' },
          new AppError('PRESCRIPTION_ALREADY_DISPENSED'),
        );
      await audit(actor, {
        patientId: found.patientId,
        subject,
        related: { kind: 'facility', id: found.pharmacyId },
        action: 'ready',
      });
      const current = (await repository.findVerifiedById(db, found.id))!;
      const pharmacyName =
        (await repository.findApprovedPharmacy(db, found.pharmacyId))?.name ?? '';
      for (const userId of await repository.findLinkedPeople(db, found.patientId))
        await notify(userId, (to) =>
          readyForPickupEmail({
            to,
            prescriptionId: found.id,
            pharmacyName,
            publicUrl: links.publicUrl,
          }),
        );
      return toPharmacyPrescription(current, now());
    },

    /** Dispensed from the pharmacy's list: the same once-only rule as by token. */
    async markDispensed({ actor, id }: { actor: Actor; id: string }) {
      await dispenseSent({ actor, id });
      return toPharmacyPrescription(
        (await repository.findVerifiedById(db, id.toLowerCase()))!,
        now(),
      );
    },
  };
}

export type MedicinesService = ReturnType<typeof createMedicinesService>;
