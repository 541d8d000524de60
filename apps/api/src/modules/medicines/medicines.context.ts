import type { TAuditAction } from '@portal/shared/audit';
import type { DbAndClock } from '../../db/client.ts';
import type { AnswerLinks } from '../../kinds/kind.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import type { PrescriptionService } from '../clinical/prescriptions.service.ts';
import { isOwnLivePatient } from '../patients/patients.repository.ts';
import { wantsNotice } from '../users/notices.service.ts';
import { findUserContact } from '../users/users.repository.ts';
import * as repository from './medicines.repository.ts';

export const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export type MedicinesDeps = DbAndClock & {
  mailer: Mailer | null;
  links: AnswerLinks;
  /** The prescriptions' own service: an approved refill is written like any prescription. */
  prescriptions: PrescriptionService;
  dispenseSent: (args: { actor: Actor; id: string }) => Promise<unknown>;
  logMailError: (error: unknown) => void;
};

/**
 * What the refills and the pharmacy's side share: the audit entry, the courtesy e-mail, and the
 * scoped reads that answer an audited 404 for anything not the caller's.
 */
export function createMedicinesContext({
  db,
  now = systemClock,
  mailer,
  logMailError,
  ...rest
}: MedicinesDeps) {
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
    await audit(actor, { outcome: 'conflict', ...entry });
    throw error;
  }

  return { db, now, ...rest, audit, notify, ownedPatient, prescriptionOf, refuse };
}

export type MedicinesContext = ReturnType<typeof createMedicinesContext>;
