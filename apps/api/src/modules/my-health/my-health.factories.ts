import { and, eq, isNull } from 'drizzle-orm';
import type { TLinkRelationship } from '@portal/shared/my-health';
import { patientLinks } from '../../db/schema/patient-links.ts';
import type { TestContext } from '../../../test/app.ts';

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
