import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { TErrorCode } from '@portal/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { parseIfMatch } from '../../lib/etag.ts';
import { isUuid, storedId } from '../../lib/uuid.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insertAuditEvents, type AuditEntry } from './audit.repository.ts';

/**
 * What every owner-scoped, audited record (patients, appointments, and the clinical records to
 * come) shares: who is asking, the key of one of their records, and the audited refusals. Each
 * record kind says how its audit events name it and which 404 it answers; the rest is one code.
 */

/** Who is asking, for scoping and for the audit trail. */
export interface Actor {
  actorId: string;
  requestId: string;
}

/** The actor's audit events: each entry stamped with who asked and in which request. */
export const insertActorAuditEvents = (
  tx: DbOrTx,
  actor: Actor,
  entries: Omit<AuditEntry, 'actorId' | 'requestId'>[],
) =>
  insertAuditEvents(
    tx,
    entries.map((entry) => ({ actorId: actor.actorId, requestId: actor.requestId, ...entry })),
  );

/** The key of one of the actor's records (ids compared in lower case). */
export const owned = (actor: Actor, id: string) => ({
  ownerId: actor.actorId,
  id: id.toLowerCase(),
});

/** An update of one of the actor's records: its id, the new values and the `If-Match` sent. */
export interface OwnedUpdate<Input> {
  actor: Actor;
  id: string;
  input: Input;
  ifMatch?: string;
}

/** A create or update that validation refused (e.g. an injected owner id). */
export interface InvalidAttempt {
  actor: Actor;
  action: 'create' | 'update';
  id?: string;
}

/** What an audit event says about the records concerned. */
export type AuditSubject = Pick<AuditEntry, 'patientId' | 'subject'>;

export function createOwnedRecordsAudit({
  db,
  notFound,
  subject,
}: {
  db: DbOrTx;
  /** The one answer for missing, someone else's and malformed ids. */
  notFound: TErrorCode;
  /** What an event says about a record of this kind, by its id (null: no valid id). */
  subject: (id: string | null) => AuditSubject;
}) {
  const audit = (
    tx: DbOrTx,
    actor: Actor,
    entry: { action: TAuditAction; outcome: TAuditOutcome } & AuditSubject,
  ) => insertActorAuditEvents(tx, actor, [entry]);

  /** Missing, someone else's or not an id at all: one answer, one audit outcome. */
  async function deny(actor: Actor, action: TAuditAction, id: string): Promise<never> {
    await audit(db, actor, { action, outcome: 'denied', ...subject(storedId(id)) });
    throw new AppError(notFound);
  }

  /**
   * The versions a change of record `id` must match (`If-Match`; null: any). An id that cannot
   * be one is refused first, as a missing record, so no statement runs for it.
   */
  async function versionsToMatch(
    actor: Actor,
    action: TAuditAction,
    { id, ifMatch }: { id: string; ifMatch?: string },
  ): Promise<Date[] | null> {
    if (!isUuid(id)) return deny(actor, action, id);
    return parseIfMatch(ifMatch);
  }

  /** A create or update refused by validation is a refused attempt in the trail too. */
  async function recordInvalidAttempt({ actor, action, id }: InvalidAttempt): Promise<void> {
    await audit(db, actor, { action, outcome: 'invalid', ...subject(storedId(id)) });
  }

  return { audit, deny, versionsToMatch, recordInvalidAttempt };
}

/**
 * The trail of patients, and the patient refusal of whatever hangs off a patient (its timeline,
 * visits, vital signs and the patient-owned kinds, for any action): events name the
 * patient only, and a patient that is missing, in the trash, someone else's or not an id answers
 * one 404, `PATIENT_NOT_FOUND`.
 */
export const createPatientsAudit = (db: DbOrTx) =>
  createOwnedRecordsAudit({
    db,
    notFound: 'PATIENT_NOT_FOUND',
    subject: (patientId) => ({ patientId }),
  });
