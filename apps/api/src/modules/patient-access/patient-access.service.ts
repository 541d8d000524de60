import {
  PATIENT_ACCESS_LIMITS,
  type TCreatedInvitation,
  type TCreatedLink,
  type TInvitationInput,
  type TInvitationPreview,
  type TMyLinks,
  type TPatientAccess,
} from '@portal/shared/patient-access';
import type { DbAndClock } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { hashOfTypedCode, newOneTimeCode } from '../../lib/one-time-code.ts';
import { storedId } from '../../lib/uuid.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { wantsNotice } from '../users/notices.service.ts';
import { findUserContact } from '../users/users.repository.ts';
import { invitationEmail, linkedEmails } from './patient-access.email.ts';
import {
  endLiveLinks,
  endOpenInvitation,
  endOwnLink,
  findInvitationByHash,
  findLiveLinks,
  findOwnedPatient,
  findPatientAccess,
  hasLiveLink,
  insertInvitation,
  insertLink,
  recordFailedTry,
  type InvitationFound,
} from './patient-access.repository.ts';

const DAY_MS = 24 * 3600_000;

/** Who is accepting: the stored user and what their verified token says of their address. */
export interface Invitee extends Actor {
  email: string;
  isEmailVerified: boolean;
}

type AuditLine = Omit<AuditEntry, 'actorId' | 'requestId'>;

/**
 * Whether the invitation may be accepted at all: unknown (or its record trashed) 404, ended by
 * a replacement, by "end access" or by five failed tries, or used, 409; expired 410.
 */
function checkUsable(found: InvitationFound | undefined, at: Date): InvitationFound {
  if (!found || found.isPatientTrashed) throw new AppError('INVITATION_NOT_FOUND');
  const { invitation } = found;
  if (invitation.usedAt || invitation.endedAt) throw new AppError('INVITATION_USED');
  if (invitation.expiresAt <= at) throw new AppError('INVITATION_EXPIRED');
  return found;
}

/** The address the invitation names, verified by the identity provider as the caller's. */
const isInvitedAddress = (found: InvitationFound, invitee: Invitee) =>
  invitee.isEmailVerified &&
  found.invitation.email !== null &&
  found.invitation.email.toLowerCase() === invitee.email.toLowerCase();

const practitionerOf = (found: { practitionerName: string; practiceName: string | null }) => ({
  name: found.practitionerName,
  practiceName: found.practiceName,
});

export function createPatientAccessService({
  db,
  now = systemClock,
  mailer,
  publicUrl,
}: DbAndClock & { mailer: Mailer | null; publicUrl: string }) {
  const audit = (actor: Actor, lines: AuditLine[]) => insertActorAuditEvents(db, actor, lines);

  /** The owner's patient, or 404 `PATIENT_NOT_FOUND` (audited as denied). */
  async function ownedPatientOrDeny(actor: Actor, id: string, action: AuditLine['action']) {
    const patientId = storedId(id);
    const patient =
      patientId && (await findOwnedPatient(db, { ownerId: actor.actorId, patientId }));
    if (patient) return patient;
    await audit(actor, [{ patientId, action, outcome: 'denied' }]);
    throw new AppError('PATIENT_NOT_FOUND');
  }

  /** The notices of a link whose reader has not turned link notices off. */
  async function wantedLinkNotices(messages: [userId: string, message: MailMessage][]) {
    const wanted: MailMessage[] = [];
    for (const [userId, message] of messages)
      if (await wantsNotice(db, userId, 'link-notices')) wanted.push(message);
    return wanted;
  }

  /** Mail is a courtesy: the link or invitation stands whether or not the server took it. */
  async function sendQuietly(messages: Parameters<Mailer['send']>[0][], log: (e: unknown) => void) {
    if (!mailer) return;
    for (const message of messages) await mailer.send(message).catch(log);
  }

  return {
    isEmailing: mailer !== null,

    async createInvitation({
      actor,
      patientId: id,
      input,
      logMailError,
    }: {
      actor: Actor;
      patientId: string;
      input: TInvitationInput;
      logMailError: (error: unknown) => void;
    }): Promise<TCreatedInvitation> {
      const patient = await ownedPatientOrDeny(actor, id, 'create');
      const { code, hash } = newOneTimeCode();
      const at = now();
      const expiresAt = new Date(at.getTime() + PATIENT_ACCESS_LIMITS.invitationDays * DAY_MS);
      const email = input.email ? input.email.toLowerCase() : null;
      const invitation = await db.transaction(async (tx) => {
        const ended = await endOpenInvitation(tx, { patientId: patient.id, at });
        const created = await insertInvitation(tx, {
          ownerId: actor.actorId,
          patientId: patient.id,
          codeHash: hash,
          relationship: input.relationship,
          email,
          expiresAt,
        });
        await insertActorAuditEvents(tx, actor, [
          ...(ended
            ? [
                {
                  patientId: patient.id,
                  subject: { kind: 'invitation', id: ended },
                  action: 'delete',
                  outcome: 'success',
                } as const,
              ]
            : []),
          {
            patientId: patient.id,
            subject: { kind: 'invitation', id: created.id },
            action: 'create',
            outcome: 'success',
          },
        ]);
        return created;
      });
      const url = `${publicUrl}/join/${code}`;
      if (email) {
        const practitioner = await findUserContact(db, actor.actorId);
        await sendQuietly(
          [
            invitationEmail({
              to: email,
              url,
              expiresAt,
              practitionerName: practitioner?.name ?? '',
              invitationId: invitation.id,
              publicUrl,
            }),
          ],
          logMailError,
        );
      }
      return { code, url, expiresAt: expiresAt.toISOString() };
    },

    async endAccess({ actor, patientId: id }: { actor: Actor; patientId: string }) {
      const patient = await ownedPatientOrDeny(actor, id, 'delete');
      const at = now();
      await db.transaction(async (tx) => {
        const links = await endLiveLinks(tx, { patientId: patient.id, at });
        const invitation = await endOpenInvitation(tx, { patientId: patient.id, at });
        const subjects = [
          ...links.map((linkId) => ({ kind: 'link', id: linkId }) as const),
          ...(invitation ? [{ kind: 'invitation', id: invitation } as const] : []),
        ];
        await insertActorAuditEvents(
          tx,
          actor,
          (subjects.length ? subjects : [null]).map((subject) => ({
            patientId: patient.id,
            subject,
            action: 'delete',
            outcome: 'success',
          })),
        );
      });
    },

    async getAccess({
      actor,
      patientId: id,
    }: {
      actor: Actor;
      patientId: string;
    }): Promise<TPatientAccess> {
      const patient = await ownedPatientOrDeny(actor, id, 'read');
      const { open, links, hasBeenInvited } = await findPatientAccess(db, patient.id);
      await audit(actor, [{ patientId: patient.id, action: 'read', outcome: 'success' }]);
      const isLinked = links.some((link) => link.endedAt === null);
      return {
        state: isLinked ? 'linked' : open ? 'invited' : hasBeenInvited ? 'ended' : 'not-invited',
        invitation: open
          ? {
              relationship: open.relationship,
              email: open.email,
              expiresAt: open.expiresAt.toISOString(),
              createdAt: open.createdAt.toISOString(),
            }
          : null,
        links: links.map((link) => ({
          _id: link.id,
          name: link.name,
          email: link.email,
          relationship: link.relationship,
          createdAt: link.createdAt.toISOString(),
          endedAt: link.endedAt?.toISOString() ?? null,
        })),
      };
    },

    /** What the join page shows; refuses exactly as accepting would, but counts no failure. */
    async previewInvitation({
      invitee,
      code,
    }: {
      invitee: Invitee;
      code: string;
    }): Promise<TInvitationPreview> {
      const hash = hashOfTypedCode(code);
      const found = hash ? await findInvitationByHash(db, hash) : undefined;
      const at = now();
      try {
        checkUsable(found, at);
      } catch (error) {
        await audit(invitee, [
          {
            patientId: found?.invitation.patientId ?? null,
            subject: found ? { kind: 'invitation', id: found.invitation.id } : null,
            action: 'read',
            outcome: 'denied',
          },
        ]);
        throw error;
      }
      const { invitation } = found!;
      await audit(invitee, [
        {
          patientId: invitation.patientId,
          subject: { kind: 'invitation', id: invitation.id },
          action: 'read',
          outcome: 'success',
        },
      ]);
      return {
        practitioner: practitionerOf(found!),
        relationship: invitation.relationship,
        expiresAt: invitation.expiresAt.toISOString(),
        needsBirthDate: !isInvitedAddress(found!, invitee),
      };
    },

    /**
     * Accepts an invitation in one transaction with its row locked, so a code is used once and
     * concurrent wrong tries each count. Proof of identity is the invited address, verified by
     * the identity provider, or the record's date of birth; a failure counts and is committed
     * before the refusal is answered.
     */
    async acceptInvitation({
      invitee,
      code,
      birthDate,
      logMailError,
    }: {
      invitee: Invitee;
      code: string;
      birthDate: string | undefined;
      logMailError: (error: unknown) => void;
    }): Promise<TCreatedLink> {
      const hash = hashOfTypedCode(code);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const found = checkUsable(
          hash ? await findInvitationByHash(tx, hash, true) : undefined,
          at,
        );
        const { invitation } = found;
        const subject = { kind: 'invitation', id: invitation.id } as const;
        const auditLine = (outcome: AuditLine['outcome'], line: Partial<AuditLine> = {}) =>
          insertActorAuditEvents(tx, invitee, [
            { patientId: invitation.patientId, subject, action: 'create', outcome, ...line },
          ]);
        if (await hasLiveLink(tx, { userId: invitee.actorId, patientId: invitation.patientId })) {
          await auditLine('conflict');
          throw new AppError('INVITATION_USED');
        }
        const isBirthDateRight =
          birthDate !== undefined && found.dateOfBirth !== null && birthDate === found.dateOfBirth;
        if (!isInvitedAddress(found, invitee) && !isBirthDateRight) {
          await recordFailedTry(tx, {
            id: invitation.id,
            at,
            triesMax: PATIENT_ACCESS_LIMITS.failedTriesMax,
          });
          await auditLine('denied');
          return { isRefused: true } as const;
        }
        const link = await insertLink(tx, { invitation, userId: invitee.actorId, at });
        await auditLine('success', { subject: { kind: 'link', id: link.id } });
        return { isRefused: false, link, found } as const;
      });
      if (outcome.isRefused) throw new AppError('INVITATION_NOT_FOR_YOU');
      const { link, found } = outcome;
      const linked = await findUserContact(db, invitee.actorId);
      const [toPerson, toPractitioner] = linkedEmails({
        linkId: link.id,
        person: { email: linked?.email ?? invitee.email },
        practitioner: { email: found.practitionerEmail, name: found.practitionerName },
        publicUrl,
      });
      await sendQuietly(
        await wantedLinkNotices([
          [invitee.actorId, toPerson],
          [found.invitation.ownerId, toPractitioner],
        ]),
        logMailError,
      );
      return {
        _id: link.id,
        patientId: link.patientId,
        relationship: link.relationship,
        practitioner: practitionerOf(found),
      };
    },

    async listMyLinks({ actor }: { actor: Actor }): Promise<TMyLinks> {
      const links = await findLiveLinks(db, actor.actorId);
      await audit(
        actor,
        links.length
          ? links.map((link) => ({
              patientId: link.patientId,
              subject: { kind: 'link', id: link.id } as const,
              action: 'list',
              outcome: 'success',
            }))
          : [{ patientId: null, action: 'list', outcome: 'success' }],
      );
      return {
        items: links.map((link) => ({
          _id: link.id,
          patientId: link.patientId,
          patientName: link.patientName,
          relationship: link.relationship,
          createdAt: link.createdAt.toISOString(),
          practitioner: practitionerOf(link),
        })),
      };
    },

    async leaveLink({ actor, id }: { actor: Actor; id: string }): Promise<void> {
      const linkId = storedId(id);
      const ended =
        linkId && (await endOwnLink(db, { userId: actor.actorId, id: linkId, at: now() }));
      const subject = linkId ? ({ kind: 'link', id: linkId } as const) : null;
      await audit(actor, [
        {
          patientId: ended ? ended.patientId : null,
          subject,
          action: 'delete',
          outcome: ended ? 'success' : 'denied',
        },
      ]);
      if (!ended) throw new AppError('LINK_NOT_FOUND');
    },
  };
}

export type PatientAccessService = ReturnType<typeof createPatientAccessService>;
