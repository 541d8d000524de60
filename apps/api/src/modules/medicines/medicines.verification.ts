import type { TPharmacyChoice, TPrescriptionVerification } from '@portal/shared/medicines';
import { ageOn } from '@portal/shared/patient';
import type { TMedicationRoute } from '@portal/shared/prescription';
import { eq } from 'drizzle-orm';
import type { DbAndClock } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/clinical.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import {
  uuidOfJti,
  type PrescriptionKeys,
  type VerificationClaims,
} from '../../lib/prescription-keys.ts';
import { isUuid } from '../../lib/uuid.ts';
import { insertActorAuditEvents, type Actor } from '../audit/owned-records.ts';
import { expiryOf } from '../clinical/prescriptions.verification.ts';
import {
  countVerification,
  findOwnPharmacy,
  findVerified,
  findVerifiedById,
  markDispensed,
  type VerifiedRow,
} from './medicines.repository.ts';

/**
 * Who verifies a prescription without signing in: no account, so the trail names this actor (the
 * nil UUID) with the request id, and nothing about the address it came from.
 */
export const ANONYMOUS_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

/** "Ada Lovelace" → "A. L.": the first letters of the first and last names. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return picked.map((word) => `${[...word][0]!.toLocaleUpperCase()}.`).join(' ');
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The status the page shows: dispensed once dispensed, else the prescription's own. */
export function verificationStatus(row: Pick<VerifiedRow, 'status' | 'dispensedAt'>) {
  return row.dispensedAt !== null
    ? 'dispensed'
    : (row.status as 'active' | 'stopped' | 'completed');
}

/** What the verification page answers of a prescription: what a pharmacist needs, no more. */
export function toVerification(
  row: VerifiedRow,
  claims: Pick<VerificationClaims, 'exp'>,
  now: Date,
): TPrescriptionVerification {
  return {
    medication: row.medication,
    strength: row.strength,
    dose: row.dose,
    route: row.route as TMedicationRoute,
    frequency: row.frequency,
    duration: row.duration,
    endDate: row.endDate ?? '',
    prescribedOn: row.prescribedOn,
    prescriber: { name: row.prescriberName, practiceName: row.practiceName },
    patient: {
      initials: initialsOf(row.patientName),
      age:
        row.dateOfBirth !== null
          ? ageOn(row.dateOfBirth, now.toISOString().slice(0, 10))
          : row.patientAge,
    },
    status: verificationStatus(row),
    dispensedAt: iso(row.dispensedAt),
    dispensedBy: row.dispensedBy,
    expired: now.getTime() >= claims.exp * 1000,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
    verificationCount: row.verificationCount,
  };
}

/**
 * Verifying a prescription by its token (anyone), and dispensing it (the staff of an approved
 * pharmacy). A token that does not verify, or names no prescription of a live record, is one
 * audited 404 `PRESCRIPTION_TOKEN_INVALID`, whatever was wrong with it.
 */
export function createVerificationService({
  db,
  now = systemClock,
  keys,
}: DbAndClock & { keys: PrescriptionKeys }) {
  async function claimsOf(token: string, actor: Actor, action: 'verify' | 'dispense') {
    const claims = await keys.verify(token);
    if (claims) return claims;
    await insertActorAuditEvents(db, actor, [
      { patientId: null, subject: null, action, outcome: 'denied' },
    ]);
    throw new AppError('PRESCRIPTION_TOKEN_INVALID');
  }

  async function refuse(
    actor: Actor,
    action: 'verify' | 'dispense',
    row: { id: string; patientId: string } | null,
    outcome: 'denied' | 'conflict',
    error: AppError,
  ): Promise<never> {
    await insertActorAuditEvents(db, actor, [
      {
        patientId: row?.patientId ?? null,
        subject: row ? { kind: 'prescription', id: row.id } : null,
        action,
        outcome,
      },
    ]);
    throw error;
  }

  return {
    /** Verifies the token and counts the verification; audited as an anonymous read. */
    async verify({
      token,
      requestId,
    }: {
      token: string;
      requestId: string;
    }): Promise<TPrescriptionVerification> {
      const actor = { actorId: ANONYMOUS_ACTOR_ID, requestId };
      const claims = await claimsOf(token, actor, 'verify');
      const row = await countVerification(db, uuidOfJti(claims.jti));
      if (!row)
        return refuse(actor, 'verify', null, 'denied', new AppError('PRESCRIPTION_TOKEN_INVALID'));
      await insertActorAuditEvents(db, actor, [
        {
          patientId: row.patientId,
          subject: { kind: 'prescription', id: row.id },
          action: 'verify',
          outcome: 'success',
        },
      ]);
      return toVerification(row, claims, now());
    },

    /**
     * Marks the prescription dispensed by one of the actor's pharmacies, once: a second time, or
     * by a second pharmacy, 409 `PRESCRIPTION_ALREADY_DISPENSED`; stopped or expired, 409
     * `PRESCRIPTION_NOT_DISPENSABLE`; not the actor's approved pharmacy, 404 `PHARMACY_NOT_FOUND`.
     */
    async dispense({
      actor,
      token,
      input,
    }: {
      actor: Actor;
      token: string;
      input: TPharmacyChoice;
    }): Promise<TPrescriptionVerification> {
      const claims = await claimsOf(token, actor, 'dispense');
      const found = await findVerified(db, uuidOfJti(claims.jti));
      if (!found)
        return refuse(
          actor,
          'dispense',
          null,
          'denied',
          new AppError('PRESCRIPTION_TOKEN_INVALID'),
        );
      const pharmacy = await findOwnPharmacy(db, {
        userId: actor.actorId,
        facilityId: input.facilityId.toLowerCase(),
      });
      if (!pharmacy)
        return refuse(actor, 'dispense', found, 'denied', new AppError('PHARMACY_NOT_FOUND'));
      return dispenseFound({ actor, found, exp: claims.exp, pharmacy });
    },

    /**
     * The pharmacy's own way (`POST /api/pharmacy/prescriptions/{id}/dispensed`): the same
     * once-only rule, for a prescription sent to one of the actor's pharmacies (else 404).
     */
    async dispenseSent({ actor, id }: { actor: Actor; id: string }) {
      const found = isUuid(id) ? await findVerifiedById(db, id.toLowerCase()) : undefined;
      const pharmacy =
        found?.pharmacyId &&
        (await findOwnPharmacy(db, { userId: actor.actorId, facilityId: found.pharmacyId }));
      if (!found || !pharmacy)
        return refuse(
          actor,
          'dispense',
          found ?? null,
          'denied',
          new AppError('PRESCRIPTION_NOT_FOUND'),
        );
      return dispenseFound({ actor, found, exp: expiryOf(new Date(found.createdAt)), pharmacy });
    },
  };

  /** The once-only write shared by both ways of dispensing (by token, by the pharmacy's list). */
  async function dispenseFound({
    actor,
    found,
    exp,
    pharmacy,
  }: {
    actor: Actor;
    found: VerifiedRow;
    /** The token's expiry, in seconds. */
    exp: number;
    pharmacy: { id: string; name: string };
  }) {
    const at = now();
    if (found.dispensedAt !== null)
      return refuse(
        actor,
        'dispense',
        found,
        'conflict',
        new AppError('PRESCRIPTION_ALREADY_DISPENSED'),
      );
    if (found.status === 'stopped' || at.getTime() >= exp * 1000)
      return refuse(
        actor,
        'dispense',
        found,
        'conflict',
        new AppError('PRESCRIPTION_NOT_DISPENSABLE'),
      );
    const changed = await db.transaction(async (tx) => {
      const row = await markDispensed(tx, {
        where: eq(prescriptions.id, found.id),
        pharmacy,
        at,
      });
      if (row)
        await insertActorAuditEvents(tx, actor, [
          {
            patientId: found.patientId,
            subject: { kind: 'prescription', id: found.id },
            related: { kind: 'facility', id: pharmacy.id },
            action: 'dispense',
            outcome: 'success',
          },
        ]);
      return row;
    });
    const current = (await findVerifiedById(db, found.id))!;
    if (!changed) {
      const error =
        current.dispensedAt !== null
          ? new AppError('PRESCRIPTION_ALREADY_DISPENSED')
          : new AppError('PRESCRIPTION_NOT_DISPENSABLE');
      return refuse(actor, 'dispense', found, 'conflict', error);
    }
    return toVerification(current, { exp }, at);
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>;
