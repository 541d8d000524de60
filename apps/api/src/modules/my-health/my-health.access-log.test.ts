import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import { signIn, useTestApp } from '../../../test/app.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { ACCESS_LOG_MAX } from './my-health.access-log.ts';
import { auditEventsBy, endLink, linkPatient, myUrl } from './my-health.factories.ts';

const ctx = useTestApp({ deps: { now: () => new Date('2026-03-01T08:00:00.000Z') } });

/**
 * A patient with its practitioner, the patient linked as `self`, a parent linked too, and
 * beside them a second patient of the same practitioner with a person linked to it.
 */
async function recordWithViewers() {
  const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann', isMember: true });
  const patientId = owner.patient._id;
  const patient = await signIn(ctx, { name: 'Amina Yusuf' });
  const parent = await signIn(ctx, { name: 'Karim Yusuf' });
  const sibling = await createPatient(ctx, owner.headers, { name: 'Bruno Costa' });
  const siblingSelf = await signIn(ctx, { name: 'Bruno Costa' });
  const ownerId = owner.user._id;
  await linkPatient(ctx, { ownerId, patientId, userId: patient.user._id });
  await linkPatient(ctx, {
    ownerId,
    patientId,
    userId: parent.user._id,
    relationship: 'parent-or-guardian',
  });
  await linkPatient(ctx, { ownerId, patientId: sibling._id, userId: siblingSelf.user._id });
  const as = (who: { headers: Record<string, string> }, url: string) =>
    ctx.app.inject({ url, headers: who.headers });
  const accessLog = () => as(patient, myUrl(patientId, 'access-log'));
  return { owner, patientId, patient, parent, sibling, siblingSelf, as, accessLog };
}

describe('GET /api/me/patients/:patientId/access-log', () => {
  it('lists the views of the record by the practitioner, you and other linked people, newest first, names only, no-store', async () => {
    const world = await recordWithViewers();
    const { owner, patientId, patient, parent, sibling, siblingSelf, as } = world;
    await as(owner, `/api/records/patients/${patientId}`);
    await as(patient, myUrl(patientId));
    await as(patient, myUrl(patientId, 'visits'));
    await as(parent, myUrl(patientId, 'allergies'));
    // Not views of this record: another patient's, a stranger's refused probe, a change.
    await as(siblingSelf, myUrl(sibling._id));
    await as(owner, `/api/records/patients/${sibling._id}`);
    await as(await signIn(ctx, { name: 'Eve Stranger' }), myUrl(patientId));
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${patientId}/visits/00000000-0000-4000-8000-000000000000/sharing`,
      headers: owner.headers,
      payload: { sharing: 'private' },
    });

    const response = await world.accessLog();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json() as { items: Record<string, unknown>[] };
    expect(items.map(({ at: _at, ...entry }) => entry)).toEqual([
      { actor: 'linked', actorName: 'Karim Yusuf', action: 'list', subjectKind: null },
      { actor: 'you', actorName: 'Amina Yusuf', action: 'list', subjectKind: null },
      { actor: 'you', actorName: 'Amina Yusuf', action: 'read', subjectKind: null },
      { actor: 'practitioner', actorName: 'Dr Lena Hoffmann', action: 'read', subjectKind: null },
    ]);
    expect(
      items.every(
        (entry) => typeof entry.at === 'string' && !Number.isNaN(Date.parse(entry.at as string)),
      ),
    ).toBe(true);
    for (const secret of [owner.user, parent.user, patient.user].flatMap((user) => [
      user._id,
      user.email,
    ]))
      expect(response.body).not.toContain(secret);
  });

  it('is audited as a read of your link, which the log itself leaves out', async () => {
    const { patientId, patient, accessLog } = await recordWithViewers();
    await accessLog();
    const second = await accessLog();
    expect(second.json()).toEqual({ items: [] });
    const events = await auditEventsBy(ctx, patient.user._id);
    expect(events.slice(-2)).toEqual(
      Array(2).fill({
        patient_id: patientId,
        action: 'read',
        outcome: 'success',
        subject_kind: 'link',
      }),
    );
  });

  it(`answers at most ${ACCESS_LOG_MAX} entries, the newest`, async () => {
    const { owner, patientId, patient, accessLog } = await recordWithViewers();
    await ctx.database.pool.query(
      `insert into audit_events (actor_id, patient_id, action, outcome)
       select $1, $2, 'read', 'success' from generate_series(1, $3::int)`,
      [owner.user._id, patientId, ACCESS_LOG_MAX + 5],
    );
    await ctx.app.inject({ url: myUrl(patientId, 'visits'), headers: patient.headers });
    const { items } = (await accessLog()).json() as { items: { actor: string }[] };
    expect(items).toHaveLength(ACCESS_LOG_MAX);
    expect(items[0]!.actor).toBe('you');
  });

  it('answers 404 LINK_NOT_FOUND once the link has ended, and to a person linked to another patient', async () => {
    const { patientId, patient, siblingSelf, as, accessLog } = await recordWithViewers();
    const notLinked = { code: 'LINK_NOT_FOUND', message: ERRORS.LINK_NOT_FOUND.message };
    expectErrorAnswer(await as(siblingSelf, myUrl(patientId, 'access-log')), 404, notLinked);
    await endLink(ctx, { userId: patient.user._id, patientId });
    expectErrorAnswer(await accessLog(), 404, notLinked);
  });
});
