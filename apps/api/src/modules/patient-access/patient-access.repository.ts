import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TLinkRelationship } from '@portal/shared/patient-access';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  patientInvitations,
  patientLinks,
  type PatientInvitationRow,
} from '../../db/schema/patient-links.ts';
import { patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/users.ts';

const isOpen = and(isNull(patientInvitations.usedAt), isNull(patientInvitations.endedAt));
const isLive = isNull(patientLinks.endedAt);

/** The owner's patient outside the trash, or undefined (missing, someone else's, trashed). */
export async function findOwnedPatient(
  db: DbOrTx,
  { ownerId, patientId }: { ownerId: string; patientId: string },
) {
  const [row] = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(
      and(eq(patients.id, patientId), eq(patients.ownerId, ownerId), isNull(patients.deletedAt)),
    );
  return row;
}

/** Ends the patient's open invitation, if any; answers its id. */
export async function endOpenInvitation(
  tx: DbOrTx,
  { patientId, at }: { patientId: string; at: Date },
) {
  const rows = await tx
    .update(patientInvitations)
    .set({ endedAt: at })
    .where(and(eq(patientInvitations.patientId, patientId), isOpen))
    .returning({ id: patientInvitations.id });
  return rows[0]?.id ?? null;
}

export async function insertInvitation(
  tx: DbOrTx,
  values: Pick<
    PatientInvitationRow,
    'ownerId' | 'patientId' | 'codeHash' | 'relationship' | 'email' | 'expiresAt'
  >,
) {
  const [row] = await tx.insert(patientInvitations).values(values).returning();
  return row!;
}

/** Ends the patient's live links; answers their ids. */
export async function endLiveLinks(tx: DbOrTx, { patientId, at }: { patientId: string; at: Date }) {
  const rows = await tx
    .update(patientLinks)
    .set({ endedAt: at })
    .where(and(eq(patientLinks.patientId, patientId), isLive))
    .returning({ id: patientLinks.id });
  return rows.map((row) => row.id);
}

/** What the patient's details show of its access: the open invitation, every link, any past. */
export async function findPatientAccess(db: DbOrTx, patientId: string) {
  const [open] = await db
    .select()
    .from(patientInvitations)
    .where(and(eq(patientInvitations.patientId, patientId), isOpen));
  const links = await db
    .select({
      id: patientLinks.id,
      name: users.name,
      email: users.email,
      relationship: patientLinks.relationship,
      createdAt: patientLinks.createdAt,
      endedAt: patientLinks.endedAt,
    })
    .from(patientLinks)
    .innerJoin(users, eq(users.id, patientLinks.userId))
    .where(eq(patientLinks.patientId, patientId))
    .orderBy(desc(patientLinks.createdAt), desc(patientLinks.id));
  const [invited] = await db
    .select({ id: patientInvitations.id })
    .from(patientInvitations)
    .where(eq(patientInvitations.patientId, patientId))
    .limit(1);
  return { open, links, hasBeenInvited: invited !== undefined };
}

/**
 * The invitation of this code hash, with what accepting it checks and shows: its patient (and
 * whether it is trashed) and its practitioner. `tx` given: the invitation row is locked until the
 * transaction ends, so two accepts of one code are taken one after the other.
 */
export async function findInvitationByHash(db: DbOrTx | Tx, codeHash: string, isLocking = false) {
  const query = db
    .select({
      invitation: patientInvitations,
      patientName: patients.name,
      dateOfBirth: patients.dateOfBirth,
      isPatientTrashed: sql<boolean>`${patients.deletedAt} is not null`,
      practitionerName: users.name,
      practitionerEmail: users.email,
      practiceName: users.practiceName,
    })
    .from(patientInvitations)
    .innerJoin(patients, eq(patients.id, patientInvitations.patientId))
    .innerJoin(users, eq(users.id, patientInvitations.ownerId))
    .where(eq(patientInvitations.codeHash, codeHash));
  const [row] = isLocking ? await query.for('update', { of: patientInvitations }) : await query;
  return row;
}

export type InvitationFound = NonNullable<Awaited<ReturnType<typeof findInvitationByHash>>>;

/** One more failed try; the last allowed one ends the invitation. Answers whether it ended. */
export async function recordFailedTry(
  tx: DbOrTx,
  { id, at, triesMax }: { id: string; at: Date; triesMax: number },
) {
  const [row] = await tx
    .update(patientInvitations)
    .set({
      failedTries: sql`${patientInvitations.failedTries} + 1`,
      endedAt: sql`case when ${patientInvitations.failedTries} + 1 >= ${triesMax} then ${at.toISOString()}::timestamptz else ${patientInvitations.endedAt} end`,
    })
    .where(eq(patientInvitations.id, id))
    .returning({ endedAt: patientInvitations.endedAt });
  return row?.endedAt != null;
}

export async function hasLiveLink(
  tx: DbOrTx,
  { userId, patientId }: { userId: string; patientId: string },
) {
  const [row] = await tx
    .select({ id: patientLinks.id })
    .from(patientLinks)
    .where(and(eq(patientLinks.userId, userId), eq(patientLinks.patientId, patientId), isLive));
  return row !== undefined;
}

/** Links the user to the invitation's patient and marks the invitation used. */
export async function insertLink(
  tx: DbOrTx,
  { invitation, userId, at }: { invitation: PatientInvitationRow; userId: string; at: Date },
) {
  await tx
    .update(patientInvitations)
    .set({ usedAt: at })
    .where(eq(patientInvitations.id, invitation.id));
  const [row] = await tx
    .insert(patientLinks)
    .values({
      ownerId: invitation.ownerId,
      patientId: invitation.patientId,
      userId,
      relationship: invitation.relationship,
      invitationId: invitation.id,
      createdAt: at,
    })
    .returning();
  return row!;
}

/**
 * The user's live links to records outside the trash, newest first. Each link's patient is read
 * by its key (the lateral `limit 1` keeps it a lookup per link): joined plainly, PostgreSQL
 * hashes every patient in the table once a person has a few hundred links.
 */
export async function findLiveLinks(db: Db, userId: string) {
  const patient = db
    .select({ name: patients.name })
    .from(patients)
    .where(and(eq(patients.id, patientLinks.patientId), isNull(patients.deletedAt)))
    .limit(1)
    .as('patient');
  return db
    .select({
      id: patientLinks.id,
      patientId: patientLinks.patientId,
      patientName: patient.name,
      relationship: patientLinks.relationship,
      createdAt: patientLinks.createdAt,
      practitionerName: users.name,
      practiceName: users.practiceName,
    })
    .from(patientLinks)
    .innerJoinLateral(patient, sql`true`)
    .innerJoin(users, eq(users.id, patientLinks.ownerId))
    .where(and(eq(patientLinks.userId, userId), isLive))
    .orderBy(desc(patientLinks.createdAt), desc(patientLinks.id));
}

/** Ends the user's own live link; answers its patient, or undefined when there was none. */
export async function endOwnLink(
  db: DbOrTx,
  { userId, id, at }: { userId: string; id: string; at: Date },
) {
  const [row] = await db
    .update(patientLinks)
    .set({ endedAt: at })
    .where(and(eq(patientLinks.id, id), eq(patientLinks.userId, userId), isLive))
    .returning({ patientId: patientLinks.patientId, ownerId: patientLinks.ownerId });
  return row;
}

/**
 * The record an online booking reuses: one the booker has a live link to, at that practitioner,
 * as `relationship`, outside the trash; for a dependant, only the one whose name and date of
 * birth are those given (names compared ignoring case). Never another chart, whatever its
 * e-mail, name or phone.
 */
export async function findBookerRecord(
  db: DbOrTx,
  {
    userId,
    ownerId,
    relationship,
    person,
  }: {
    userId: string;
    ownerId: string;
    relationship: TLinkRelationship;
    person?: { name: string; dateOfBirth: string };
  },
): Promise<string | undefined> {
  const [row] = await db
    .select({ patientId: patientLinks.patientId })
    .from(patientLinks)
    .innerJoin(patients, eq(patients.id, patientLinks.patientId))
    .where(
      and(
        eq(patientLinks.userId, userId),
        eq(patientLinks.ownerId, ownerId),
        eq(patientLinks.relationship, relationship),
        isLive,
        isNull(patients.deletedAt),
        person &&
          and(
            sql`lower(${patients.name}) = lower(${person.name})`,
            eq(patients.dateOfBirth, person.dateOfBirth),
          ),
      ),
    )
    .orderBy(asc(patientLinks.createdAt))
    .limit(1);
  return row?.patientId;
}

/** Links the booker to the record an online booking made (no invitation). */
export async function insertBookingLink(
  tx: DbOrTx,
  {
    ownerId,
    patientId,
    userId,
    relationship,
    at,
  }: {
    ownerId: string;
    patientId: string;
    userId: string;
    relationship: TLinkRelationship;
    at: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(patientLinks)
    .values({ ownerId, patientId, userId, relationship, createdAt: at })
    .returning({ id: patientLinks.id });
  return row!.id;
}
