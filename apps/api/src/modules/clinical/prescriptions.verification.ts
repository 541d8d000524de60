import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prescriptions } from '../../db/schema/clinical.ts';
import { jtiOf, type PrescriptionKeys } from '../../lib/prescription-keys.ts';

/**
 * How long a prescription's token says it is valid, from when it was written: a year, the
 * longest validity common prescribing rules give a repeatable prescription (decision 0034).
 * Fixed at writing, so an edit never changes the token a printout carries.
 */
export const VERIFICATION_VALIDITY_DAYS = 365;

/** A token's `exp` (seconds) for a prescription written at `writtenAt`. */
export const expiryOf = (writtenAt: Date) =>
  Math.floor(writtenAt.getTime() / 1000) + VERIFICATION_VALIDITY_DAYS * 86_400;

/** The columns of a new prescription's verification: a random id, and its token signed now. */
export async function issueVerification(keys: PrescriptionKeys, writtenAt: Date) {
  const verifyId = crypto.randomUUID();
  const { token, kid } = await keys.sign({ jti: jtiOf(verifyId), exp: expiryOf(writtenAt) });
  return { verifyId, verifyKid: kid, verifyToken: token };
}

/** Rows signed per statement by the start-up step. */
const BATCH = 500;

/**
 * Signs the tokens of the prescriptions that have none (written before tokens existed, or
 * straight into the database), and re-signs those whose key is no longer configured (their
 * tokens cannot verify any more: a development key of an earlier process). Each keeps its
 * random id and expiry. One pass over the table in id order, at start-up (a read of 100,000 rows
 * costs tens of milliseconds; docs/performance.md). Returns how many rows it signed.
 */
export async function issueMissingVerifications(db: Db, keys: PrescriptionKeys): Promise<number> {
  let signed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({
        id: prescriptions.id,
        verifyId: prescriptions.verifyId,
        createdAt: prescriptions.createdAt,
      })
      .from(prescriptions)
      .where(
        and(
          gt(prescriptions.id, after),
          or(
            isNull(prescriptions.verifyToken),
            isNull(prescriptions.verifyKid),
            notInArray(prescriptions.verifyKid, keys.kids),
          ),
        ),
      )
      .orderBy(asc(prescriptions.id))
      .limit(BATCH);
    if (rows.length === 0) return signed;
    for (const row of rows) {
      const { token, kid } = await keys.sign({
        jti: jtiOf(row.verifyId),
        exp: expiryOf(row.createdAt),
      });
      await db
        .update(prescriptions)
        .set({ verifyToken: token, verifyKid: kid })
        // Another instance may sign it at the same time: the same claims, so either token stands.
        .where(eq(prescriptions.id, row.id));
    }
    signed += rows.length;
    after = rows.at(-1)!.id;
  }
}
