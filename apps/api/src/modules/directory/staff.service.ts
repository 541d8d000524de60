import {
  DIRECTORY_LIMITS,
  type TCreatedStaffInvitation,
  type TStaffMember,
  type TStaffMembership,
} from '@portal/shared/directory';
import type { DbAndClock } from '../../db/client.ts';
import type { FacilityStaffRow } from '../../db/schema/directory.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { hashOfTypedCode, newOneTimeCode } from '../../lib/one-time-code.ts';
import { storedId } from '../../lib/uuid.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { Actor } from '../audit/owned-records.ts';
import { auditDirectory } from './directory.audit.ts';
import { toFacilitySummary } from './facilities.answers.ts';
import type { FacilityService } from './facilities.service.ts';
import { staffInvitationEmail } from './staff.email.ts';
import {
  acceptStaff,
  deleteStaff,
  detachListings,
  findInvitationByHash,
  findStaff,
  insertStaffInvitation,
  isAlreadyMember,
} from './staff.repository.ts';

const DAY_MS = 24 * 3600_000;

/** Who is accepting: the stored user and what their verified token says of their address. */
export interface StaffInvitee extends Actor {
  email: string;
  isEmailVerified: boolean;
}

const toStaffMember = (row: FacilityStaffRow, name: string | null, at: Date): TStaffMember => ({
  _id: row.id,
  email: row.email,
  name: row.acceptedAt ? name : null,
  status: row.acceptedAt ? 'active' : row.expiresAt <= at ? 'expired' : 'invited',
  createdAt: row.createdAt.toISOString(),
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
});

/**
 * A facility's staff: the owner invites by e-mail with a one-time code, the invited person
 * accepts it signed in with that verified address, the owner lists and removes members.
 */
export function createStaffService({
  db,
  now = systemClock,
  mailer,
  publicUrl,
  facilities,
}: DbAndClock & { mailer: Mailer | null; publicUrl: string; facilities: FacilityService }) {
  return {
    async inviteStaff({
      actor,
      facilityId,
      email,
      logMailError,
    }: {
      actor: Actor;
      facilityId: string;
      email: string;
      logMailError: (error: unknown) => void;
    }): Promise<TCreatedStaffInvitation> {
      const facility = await facilities.ownedOrDeny(actor, facilityId, 'create');
      const { code, hash } = newOneTimeCode();
      const at = now();
      const expiresAt = new Date(at.getTime() + DIRECTORY_LIMITS.invitationDays * DAY_MS);
      const row = await db.transaction(async (tx) => {
        const created = await insertStaffInvitation(tx, {
          facilityId: facility.id,
          email: email.toLowerCase(),
          codeHash: hash,
          expiresAt,
        });
        await auditDirectory(tx, actor, {
          kind: 'staff',
          id: created.id,
          action: 'create',
          outcome: 'success',
        });
        return created;
      });
      const url = `${publicUrl}/join-facility/${code}`;
      // Mail is a courtesy: the invitation stands whether or not the server took it.
      await mailer
        ?.send(
          staffInvitationEmail({
            to: row.email,
            url,
            expiresAt,
            facilityName: facility.name,
            invitationId: row.id,
            publicUrl,
          }),
        )
        .catch(logMailError);
      return { ...toStaffMember(row, null, at), code, url, expiresAt: expiresAt.toISOString() };
    },

    async listStaff({
      actor,
      facilityId,
    }: {
      actor: Actor;
      facilityId: string;
    }): Promise<{ items: TStaffMember[] }> {
      const facility = await facilities.ownedOrDeny(actor, facilityId, 'list');
      const rows = await findStaff(db, facility.id);
      await auditDirectory(db, actor, {
        kind: 'facility',
        id: facility.id,
        action: 'list',
        outcome: 'success',
      });
      const at = now();
      return { items: rows.map(({ staff, name }) => toStaffMember(staff, name, at)) };
    },

    async removeStaff({
      actor,
      facilityId,
      id,
    }: {
      actor: Actor;
      facilityId: string;
      id: string;
    }): Promise<void> {
      const facility = await facilities.ownedOrDeny(actor, facilityId, 'delete');
      const staffId = storedId(id);
      const isRemoved = await db.transaction(async (tx) => {
        const removed = staffId
          ? await deleteStaff(tx, { facilityId: facility.id, id: staffId })
          : undefined;
        if (removed?.userId)
          await detachListings(tx, { userId: removed.userId, facilityId: facility.id, at: now() });
        await auditDirectory(tx, actor, {
          kind: 'staff',
          id: staffId,
          action: 'delete',
          outcome: removed ? 'success' : 'denied',
        });
        return removed !== undefined;
      });
      if (!isRemoved) throw new AppError('STAFF_NOT_FOUND');
    },

    /**
     * Accepts a staff invitation with its row locked, so a code is used once. The proof of who
     * accepts is the invited address, verified by the identity provider.
     */
    async acceptInvitation({
      invitee,
      code,
    }: {
      invitee: StaffInvitee;
      code: string;
    }): Promise<TStaffMembership> {
      const hash = hashOfTypedCode(code);
      const at = now();
      // Refusals are answered after the commit, so their audit events stay.
      const outcome = await db.transaction(async (tx) => {
        const found = hash ? await findInvitationByHash(tx, hash) : undefined;
        const refusal = !found
          ? 'STAFF_INVITATION_NOT_FOUND'
          : found.staff.acceptedAt
            ? 'STAFF_INVITATION_USED'
            : found.staff.expiresAt <= at
              ? 'STAFF_INVITATION_EXPIRED'
              : !invitee.isEmailVerified || invitee.email.toLowerCase() !== found.staff.email
                ? 'STAFF_INVITATION_NOT_FOR_YOU'
                : (await isAlreadyMember(tx, {
                      userId: invitee.actorId,
                      facilityId: found.facility.id,
                      ownerId: found.facility.ownerId,
                    }))
                  ? 'STAFF_INVITATION_USED'
                  : null;
        const id = found?.staff.id ?? null;
        if (refusal) {
          await auditDirectory(tx, invitee, {
            kind: 'staff',
            id,
            action: 'create',
            outcome: 'denied',
          });
          return { refusal, membership: null } as const;
        }
        await acceptStaff(tx, { id: found!.staff.id, userId: invitee.actorId, at });
        await auditDirectory(tx, invitee, {
          kind: 'staff',
          id,
          action: 'create',
          outcome: 'success',
        });
        return {
          refusal: null,
          membership: {
            _id: found!.staff.id,
            facility: toFacilitySummary(found!.facility),
            acceptedAt: at.toISOString(),
          },
        } as const;
      });
      if (outcome.refusal) throw new AppError(outcome.refusal);
      return outcome.membership;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
