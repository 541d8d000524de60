import type { TAuditAction } from '@portal/shared/audit';
import type {
  TCorrection,
  TCorrectionAbout,
  TCorrectionRequestBody,
} from '@portal/shared/correction';
import type { DbAndClock } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { storedId } from '../../lib/uuid.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { createPatientsAudit, insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { isOwnLivePatient } from '../patients/patients.repository.ts';
import { wantsNotice } from '../users/notices.service.ts';
import { findUserContact } from '../users/users.repository.ts';
import { answeredEmail, requestedEmail } from './corrections.email.ts';
import * as repository from './corrections.repository.ts';
import type { CorrectionRecord, PatientScope } from './corrections.repository.ts';

/** At most this many requests of one record wait for an answer at once. */
export const CORRECTION_OPEN_MAX = 20;
/** The most requests one list answers, newest first (as a linked patient's other lists). */
export const CORRECTION_LIST_MAX = 500;

export function toApiCorrection(row: CorrectionRecord): TCorrection {
  const about: TCorrectionAbout | null =
    row.aboutKind === null ? null : ({ kind: row.aboutKind, id: row.aboutId } as TCorrectionAbout);
  return {
    _id: row.id,
    patientId: row.patientId,
    about,
    text: row.text,
    status: row.status,
    answer: row.answer,
    requestedAt: row.requestedAt.toISOString(),
    requestedByName: row.requestedByName,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

const subjectOf = (id: string | null) => (id ? { kind: 'correction' as const, id } : null);

/**
 * Correction requests of one patient record: a linked person asks (through the my-health gate,
 * which hands over the link's practitioner and patient), the practitioner lists and answers.
 * The record itself is never changed here: accepting says what the practitioner changed through
 * the record's own screens, so every change keeps its own audit and version.
 */
export function createCorrectionService({
  db,
  now = systemClock,
  mailer,
  publicUrl,
}: DbAndClock & { mailer: Mailer | null; publicUrl: string }) {
  const patientsAudit = createPatientsAudit(db);

  /** Mail is a courtesy: the request or answer stands whether or not the server took it. */
  async function notify(
    userId: string | null,
    message: (to: string) => MailMessage,
    logMailError: (error: unknown) => void,
  ) {
    if (!mailer || !userId) return;
    try {
      if (!(await wantsNotice(db, userId, 'correction-notices'))) return;
      const contact = await findUserContact(db, userId);
      if (contact?.email) await mailer.send(message(contact.email));
    } catch (error) {
      logMailError(error);
    }
  }

  /** The owner's live patient, or an audited 404 `PATIENT_NOT_FOUND`. */
  async function ownedPatient(actor: Actor, id: string, action: TAuditAction) {
    const patientId = storedId(id);
    if (patientId && (await isOwnLivePatient(db, { ownerId: actor.actorId, patientId })))
      return { ownerId: actor.actorId, patientId };
    return patientsAudit.deny(actor, action, id);
  }

  async function answer({
    actor,
    patientId: id,
    correctionId,
    status,
    text,
    logMailError,
  }: {
    actor: Actor;
    patientId: string;
    correctionId: string;
    status: 'accepted' | 'declined';
    text: string;
    logMailError: (error: unknown) => void;
  }): Promise<TCorrection> {
    const action: TAuditAction = status === 'accepted' ? 'accept_correction' : 'decline_correction';
    const scope = await ownedPatient(actor, id, action);
    const correction = storedId(correctionId);
    const audited = (outcome: 'success' | 'denied' | 'conflict') => ({
      patientId: scope.patientId,
      subject: subjectOf(correction),
      action,
      outcome,
    });
    const current =
      correction && (await repository.findCorrection(db, { ...scope, id: correction }));
    if (!current) {
      await insertActorAuditEvents(db, actor, [audited('denied')]);
      throw new AppError('CORRECTION_NOT_FOUND');
    }
    const answered = await db.transaction(async (tx) => {
      const done = await repository.answerCorrection(tx, {
        ...scope,
        id: current.id,
        status,
        answer: text,
        answeredBy: actor.actorId,
        at: now(),
      });
      if (done) await insertActorAuditEvents(tx, actor, [audited('success')]);
      return done;
    });
    if (!answered) {
      await insertActorAuditEvents(db, actor, [audited('conflict')]);
      throw new AppError('CORRECTION_ALREADY_ANSWERED');
    }
    await notify(
      current.requestedBy,
      (to) => answeredEmail({ to, correctionId: current.id, publicUrl }),
      logMailError,
    );
    const row = await repository.findCorrection(db, { ...scope, id: current.id });
    return toApiCorrection(row!);
  }

  return {
    /** A body validation refused: audited as an invalid attempt at `action`, changing nothing. */
    async recordInvalidAttempt({
      actor,
      action,
      patientId,
      correctionId,
    }: {
      actor: Actor;
      action: 'request_correction' | 'accept_correction' | 'decline_correction';
      patientId?: string;
      correctionId?: string;
    }) {
      await insertActorAuditEvents(db, actor, [
        {
          patientId: storedId(patientId),
          subject: subjectOf(storedId(correctionId)),
          action,
          outcome: 'invalid',
        },
      ]);
    },

    /**
     * A linked person's request on the record of a link that passed the gate. `about` has been
     * checked against what that person sees; at most `CORRECTION_OPEN_MAX` wait at once.
     */
    async requestCorrection({
      actor,
      link,
      input,
      logMailError,
    }: {
      actor: Actor;
      link: PatientScope;
      input: TCorrectionRequestBody;
      logMailError: (error: unknown) => void;
    }): Promise<TCorrection> {
      const scope = { ownerId: link.ownerId, patientId: link.patientId };
      const id = await db.transaction(async (tx) => {
        await repository.lockPatient(tx, scope);
        if ((await repository.countOpen(tx, scope)) >= CORRECTION_OPEN_MAX) return null;
        const inserted = await repository.insertCorrection(tx, {
          ...scope,
          requestedBy: actor.actorId,
          aboutKind: input.about?.kind ?? null,
          aboutId: input.about?.id?.toLowerCase() ?? null,
          text: input.text,
        });
        await insertActorAuditEvents(tx, actor, [
          {
            patientId: scope.patientId,
            subject: subjectOf(inserted),
            action: 'request_correction',
            outcome: 'success',
          },
        ]);
        return inserted;
      });
      if (!id) {
        await insertActorAuditEvents(db, actor, [
          { patientId: scope.patientId, action: 'request_correction', outcome: 'conflict' },
        ]);
        throw new AppError('CORRECTION_LIMIT');
      }
      await notify(
        scope.ownerId,
        (to) => requestedEmail({ to, correctionId: id, publicUrl }),
        logMailError,
      );
      const row = await repository.findCorrection(db, { ...scope, id });
      return toApiCorrection(row!);
    },

    /** A record's requests, newest first, neither gated nor audited (the caller does both). */
    async readCorrections(link: PatientScope): Promise<TCorrection[]> {
      const rows = await repository.listCorrections(db, { ...link, limit: CORRECTION_LIST_MAX });
      return rows.map(toApiCorrection);
    },

    /** The practitioner's list of one patient's requests: open ones first, then newest first. */
    async findCorrections({
      actor,
      patientId,
    }: {
      actor: Actor;
      patientId: string;
    }): Promise<{ items: TCorrection[] }> {
      const scope = await ownedPatient(actor, patientId, 'list');
      const rows = await repository.listCorrections(db, {
        ...scope,
        limit: CORRECTION_LIST_MAX,
        isOpenFirst: true,
      });
      await insertActorAuditEvents(db, actor, [
        { patientId: scope.patientId, action: 'list', outcome: 'success' },
      ]);
      return { items: rows.map(toApiCorrection) };
    },

    acceptCorrection(call: {
      actor: Actor;
      patientId: string;
      correctionId: string;
      answer: string;
      logMailError: (error: unknown) => void;
    }) {
      return answer({ ...call, status: 'accepted', text: call.answer });
    },

    declineCorrection(call: {
      actor: Actor;
      patientId: string;
      correctionId: string;
      reason: string;
      logMailError: (error: unknown) => void;
    }) {
      return answer({ ...call, status: 'declined', text: call.reason });
    },
  };
}

export type CorrectionService = ReturnType<typeof createCorrectionService>;
