import { and, eq, isNull } from 'drizzle-orm';
import type { TLinkRelationship } from '@portal/shared/my-health';
import { patientLinks } from '../../db/schema/patient-links.ts';
import { practiceInput } from '@portal/shared/practice.factories';
import { signIn, type TestContext } from '../../../test/app.ts';
import { practitioner } from '../../../test/patient-resources.ts';

/**
 * Test factories of the linked patient's routes (imported by tests only). Links are written
 * straight into `patient_links`: how a person comes to be linked (invitations) is tested
 * where it is made.
 */

/** Links a person to a patient record of its practitioner: the link's id. */
export async function linkPatient(
  ctx: Pick<TestContext, 'database'>,
  {
    ownerId,
    patientId,
    userId,
    relationship = 'self',
    createdAt,
  }: {
    ownerId: string;
    patientId: string;
    userId: string;
    relationship?: TLinkRelationship;
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await ctx.database.db
    .insert(patientLinks)
    .values({ ownerId, patientId, userId, relationship, ...(createdAt && { createdAt }) })
    .returning({ id: patientLinks.id });
  return row!.id;
}

/** Ends a person's live link to a patient, as either side's ending of access does. */
export async function endLink(
  ctx: Pick<TestContext, 'database'>,
  { userId, patientId }: { userId: string; patientId: string },
): Promise<void> {
  await ctx.database.db
    .update(patientLinks)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(patientLinks.userId, userId),
        eq(patientLinks.patientId, patientId),
        isNull(patientLinks.endedAt),
      ),
    );
}

/** A route of a linked patient: `myUrl(patientId, 'visits')`. */
export const myUrl = (patientId: string, ...rest: string[]) =>
  ['/api/me/patients', patientId, ...rest].join('/');

export interface LinkedPatientOptions {
  /** The practice's notice for cancelling, in hours; null for none. */
  cancellationNoticeHours?: number | null;
}

/** A practitioner (a member, with a practice) and a person linked to their patient. */
export async function linkedPatientOf(
  ctx: TestContext,
  { cancellationNoticeHours = 24 }: LinkedPatientOptions = {},
) {
  const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann', isMember: true });
  const practice = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/practice',
    headers: owner.headers,
    payload: practiceInput({ cancellationNoticeHours }),
  });
  if (practice.statusCode !== 200) throw new Error(`practice not saved: ${practice.body}`);
  const person = await signIn(ctx, { name: 'Ana Lima' });
  await linkPatient(ctx, {
    ownerId: owner.user._id,
    patientId: owner.patient._id,
    userId: person.user._id,
  });
  const get = (...path: string[]) =>
    ctx.app.inject({ url: myUrl(owner.patient._id, ...path), headers: person.headers });
  return { owner, person, patientId: owner.patient._id, get };
}

/** The audit rows of one actor, oldest first, straight from the table. */
export async function auditEventsBy(ctx: Pick<TestContext, 'database'>, actorId: string) {
  const { rows } = await ctx.database.pool.query<{
    patient_id: string | null;
    action: string;
    outcome: string;
    subject_kind: string | null;
  }>(
    'select patient_id, action, outcome, subject_kind from audit_events where actor_id = $1 order by id',
    [actorId],
  );
  return rows;
}
