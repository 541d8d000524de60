import type { TAuditAction } from '@portal/shared/audit';
import type { TErrorCode } from '@portal/shared/errors';
import { itemErrorCodes } from '@portal/shared/patient-kind';
import { patientKind, type TPatientKindName } from '@portal/shared/patient-kinds';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { storedId } from '../lib/uuid.ts';
import { auditRecord, type AuditEntry } from '../modules/audit/audit.repository.ts';
import {
  createPatientsAudit,
  insertActorAuditEvents,
  type Actor,
} from '../modules/audit/owned-records.ts';

export type { Actor };

/**
 * The patient-owned kinds (the shared registry): each names its own error codes, and is the
 * subject of its audit events by this same kind.
 */
export type ClinicalKind = TPatientKindName;

const codesOf = (kind: ClinicalKind) =>
  itemErrorCodes(patientKind(kind).errorPrefix) as { missing: TErrorCode; changed: TErrorCode };

/** One event of the clinical trail: never a field of the record, only ids and outcomes. */
export type ClinicalAuditEntry = Pick<
  AuditEntry,
  'action' | 'outcome' | 'patientId' | 'subject' | 'related'
>;

/**
 * The audit trail of the patient-owned kinds' items and the refusals
 * they share: each refusal is audited with its outcome (outside any rolled-back transaction)
 * before it is thrown.
 */
export function createClinicalRefusals(db: Db) {
  const audit = (tx: DbOrTx, actor: Actor, ...entries: ClinicalAuditEntry[]) =>
    insertActorAuditEvents(tx, actor, entries);

  /** A patient that is missing, trashed, someone else's or not an id: one answer, one outcome. */
  const { deny: denyPatient } = createPatientsAudit(db);

  /** An item that is not this patient's (or not the actor's): 404 of its kind. */
  async function denyItem(
    actor: Actor,
    {
      kind,
      action,
      patientId,
      id,
    }: { kind: ClinicalKind; action: TAuditAction; patientId: string; id: string },
  ): Promise<never> {
    await audit(db, actor, {
      action,
      outcome: 'denied',
      patientId: storedId(patientId),
      subject: auditRecord(kind, storedId(id)),
    });
    throw new AppError(codesOf(kind).missing);
  }

  /** A stale `If-Match`: 409 with the current version's ETag. */
  async function refuseStale(
    actor: Actor,
    {
      kind,
      action,
      current,
      etag,
    }: {
      kind: ClinicalKind;
      action: TAuditAction;
      current: { id: string; patientId: string };
      etag: string;
    },
  ): Promise<never> {
    await audit(db, actor, {
      action,
      outcome: 'conflict',
      patientId: current.patientId,
      subject: { kind, id: current.id },
    });
    throw new AppError(codesOf(kind).changed, { headers: { etag } });
  }

  /** A create or update refused by validation is a refused attempt in the trail too. */
  async function recordInvalidAttempt({
    actor,
    kind,
    action,
    patientId,
    id,
  }: {
    actor: Actor;
    kind: ClinicalKind;
    action: TAuditAction;
    patientId?: string;
    id?: string;
  }): Promise<void> {
    await audit(db, actor, {
      action,
      outcome: 'invalid',
      patientId: storedId(patientId),
      subject: auditRecord(kind, storedId(id)),
    });
  }

  /** A business rule's refusal: its audit event, then the error. */
  async function refuse(actor: Actor, entry: ClinicalAuditEntry, error: AppError): Promise<never> {
    await audit(db, actor, entry);
    throw error;
  }

  return { audit, denyPatient, denyItem, refuseStale, refuse, recordInvalidAttempt };
}

export type ClinicalRefusals = ReturnType<typeof createClinicalRefusals>;
