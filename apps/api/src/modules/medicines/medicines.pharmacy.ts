import type {
  TPatientPharmacy,
  TPharmacyPrescription,
  TSendToPharmacy,
} from '@portal/shared/medicines';
import { PRESCRIPTION_KIND } from '@portal/shared/prescription';
import type { ZMyPrescription } from '@portal/shared/my-health';
import type { z } from 'zod';
import type { AnswerLinks } from '../../kinds/kind.ts';
import { AppError } from '../../lib/app-error.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Actor } from '../audit/owned-records.ts';
import { toApiPrescription } from '../clinical/prescriptions.fields.ts';
import { expiryOf } from '../clinical/prescriptions.verification.ts';
import { getLinkedPatient } from '../my-health/linked-patient.ts';
import { iso, type MedicinesContext } from './medicines.context.ts';
import { readyForPickupEmail } from './medicines.email.ts';
import * as repository from './medicines.repository.ts';
import { toVerification } from './medicines.verification.ts';

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
 * Sending a prescription to a pharmacy (the linked person or the practitioner), and the
 * pharmacy's list with its ready and dispensed actions.
 */
export function createPharmacySide({
  db,
  now,
  links,
  dispenseSent,
  audit,
  notify,
  ownedPatient,
  prescriptionOf,
  refuse,
}: MedicinesContext) {
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
      return refuse(
        actor,
        {
          patientId: scope.patientId,
          subject,
          action: 'send',
          outcome: 'denied',
        },
        new AppError('PHARMACY_NOT_FOUND'),
      );
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

  return {
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

    /** The pharmacy the practitioner's patient chose (decision 0035); audited as a read. */
    async chosenPharmacy({
      actor,
      patientId,
    }: {
      actor: Actor;
      patientId: string;
    }): Promise<TPatientPharmacy> {
      const scope = await ownedPatient(actor, patientId, 'read');
      const chosen = await repository.findChosenPharmacy(db, scope);
      await audit(actor, {
        patientId: scope.patientId,
        related: chosen ? { kind: 'facility', id: chosen.id } : null,
        action: 'read',
      });
      if (!chosen) return { pharmacy: null, sentAt: null };
      const { id, sentAt, ...rest } = chosen;
      return { pharmacy: { _id: id, ...rest }, sentAt: iso(sentAt) };
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
        return refuse(
          actor,
          {
            patientId: found?.patientId ?? null,
            subject,
            action: 'ready',
            outcome: 'denied',
          },
          new AppError('PRESCRIPTION_NOT_FOUND'),
        );
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
