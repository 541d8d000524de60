import {
  PATIENT_WARNINGS,
  type TPatient,
  type TPatientData,
  type TPatientWarning,
} from '@portal/shared/patient';
import type { TAuditAction, TAuditOutcome } from '@portal/shared/audit';
import type { DbAndClock, DbOrTx } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import {
  createPatientsAudit,
  owned,
  type Actor,
  type OwnedUpdate,
} from '../audit/owned-records.ts';
import {
  createPatientAudited,
  listPatientsAudited,
  readPatientAudited,
} from './patients.audited.repository.ts';
import { createCountCache } from './patients.count-cache.ts';
import { iso, toApiPatient, toStoredValues } from './patients.fields.ts';
import * as repository from './patients.repository.ts';
import { etagOf } from '../../lib/etag.ts';
import { isUuid } from '../../lib/uuid.ts';

export type { Actor } from '../audit/owned-records.ts';

export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// The ETag helpers serve appointments too; patients' callers keep importing them from here.
export { etagOf, parseIfMatch } from '../../lib/etag.ts';

/** Digits only when the fragment looks like a phone number, so "555-123" finds 5551234567. */
export function normaliseQuery(q: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
  const text = (q ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!text) return null;
  if (/^[\d\s().+-]+$/.test(text) && /\d/.test(text)) return text.replace(/\D/g, '');
  return text;
}

export function createPatientService({
  db,
  now = systemClock,
  counts = createCountCache(),
}: DbAndClock & {
  counts?: ReturnType<typeof createCountCache>;
}) {
  const trail = createPatientsAudit(db);
  const { deny, versionsToMatch, recordInvalidAttempt } = trail;
  const audit = (
    actor: Actor,
    action: TAuditAction,
    outcome: TAuditOutcome,
    patientId: string | null,
    tx: DbOrTx = db,
  ) => trail.audit(tx, actor, { action, outcome, patientId });

  return {
    async createPatient({
      actor,
      input,
    }: {
      actor: Actor;
      input: TPatientData;
    }): Promise<{ patient: TPatient; warnings: TPatientWarning[] }> {
      const { row, sameIds } = await createPatientAudited(db, {
        ownerId: actor.actorId,
        values: toStoredValues(input, now()),
        requestId: actor.requestId,
      });
      await counts.invalidate(actor.actorId);
      const warnings = sameIds.map((patientId) => ({
        code: 'POSSIBLE_DUPLICATE' as const,
        message: PATIENT_WARNINGS.POSSIBLE_DUPLICATE,
        patientId,
      }));
      return { patient: toApiPatient(row), warnings };
    },

    async getPatient({ actor, id }: { actor: Actor; id: string }): Promise<TPatient> {
      if (!isUuid(id)) return deny(actor, 'read', id);
      // Audited in the same statement: `success`, or `denied` when it is not the actor's.
      const row = await readPatientAudited(db, { ...owned(actor, id), requestId: actor.requestId });
      if (!row) throw new AppError('PATIENT_NOT_FOUND');
      return toApiPatient(row);
    },

    async findPatients({
      actor,
      q,
      limit,
      cursor,
    }: {
      actor: Actor;
      q?: string;
    } & PageRequest): Promise<Page<TPatient>> {
      const after = instantIdKeyAfter(cursor);
      const query = normaliseQuery(q);
      const ownerId = actor.actorId;
      return readPage({
        limit,
        rows: (oneMore) =>
          listPatientsAudited(db, {
            ownerId,
            requestId: actor.requestId,
            q: query,
            after,
            limit: oneMore,
          }),
        total: () =>
          counts.get(ownerId, query, () => repository.countPatients(db, { ownerId, q: query })),
        toItem: toApiPatient,
        keyOf: (row) => [iso(row.createdAt), row.id],
      });
    },

    async updatePatient({
      actor,
      id,
      input,
      ifMatch,
    }: OwnedUpdate<TPatientData>): Promise<TPatient> {
      const versions = await versionsToMatch(actor, 'update', { id, ifMatch });
      const row = await db.transaction(async (tx) => {
        const updated = await repository.updatePatient(tx, {
          ...owned(actor, id),
          values: toStoredValues(input, now()),
          versions,
        });
        if (updated) await audit(actor, 'update', 'success', updated.id, tx);
        return updated;
      });
      if (row) {
        await counts.invalidate(actor.actorId);
        return toApiPatient(row);
      }
      const current = versions ? await repository.findPatient(db, owned(actor, id)) : undefined;
      if (!current) return deny(actor, 'update', id);
      await audit(actor, 'update', 'conflict', current.id);
      throw new AppError('PATIENT_CHANGED', {
        headers: { etag: etagOf(toApiPatient(current)) },
      });
    },

    async deletePatient({ actor, id }: { actor: Actor; id: string }): Promise<void> {
      if (!isUuid(id)) return deny(actor, 'delete', id);
      const row = await db.transaction(async (tx) => {
        const trashed = await repository.trashPatient(tx, owned(actor, id));
        if (trashed) await audit(actor, 'delete', 'success', trashed.id, tx);
        return trashed;
      });
      if (!row) return deny(actor, 'delete', id);
      await counts.invalidate(actor.actorId);
    },

    /** Idempotent: restoring a patient that is not in the trash answers it unchanged. */
    async restorePatient({ actor, id }: { actor: Actor; id: string }): Promise<TPatient> {
      if (!isUuid(id)) return deny(actor, 'restore', id);
      const deletedAfter = new Date(now().getTime() - TRASH_DAYS * DAY_MS);
      const row = await db.transaction(async (tx) => {
        const restored =
          (await repository.restorePatient(tx, { ...owned(actor, id), deletedAfter })) ??
          (await repository.findPatient(tx, owned(actor, id)));
        if (restored) await audit(actor, 'restore', 'success', restored.id, tx);
        return restored;
      });
      if (!row) return deny(actor, 'restore', id);
      await counts.invalidate(actor.actorId);
      return toApiPatient(row);
    },

    /** A create or update refused by validation (e.g. an injected owner id) is a denied attempt. */
    recordInvalidAttempt,

    /** Deletes for good what has been in the trash longer than 30 days. */
    async purgeExpiredTrash(): Promise<number> {
      return repository.purgeTrash(db, {
        deletedBefore: new Date(now().getTime() - TRASH_DAYS * DAY_MS),
      });
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;
