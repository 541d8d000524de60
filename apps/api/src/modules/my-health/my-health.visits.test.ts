import { describe, expect, it } from 'vitest';

import { VISIT_PATIENT_VIEW } from '@portal/shared/visit';
import { signIn, useTestApp } from '../../../test/app.ts';

import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { practitioner } from '../../../test/patient-resources.ts';

import {
  linkPatient,
  linkedPatientOf,
  myUrl,
  type LinkedPatientOptions,
} from './my-health.factories.ts';

const clock = new Date('2026-03-01T08:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => clock } });
const linkedPatient = (options?: LinkedPatientOptions) => linkedPatientOf(ctx, options);
const keysOf = (item: object) => Object.keys(item);

// What a linked patient sees: visits and vitals.

describe('GET /api/me/patients/:patientId/visits', () => {
  /** Sets when a visit was signed, so that it falls before or after the link. */
  const signedOn = (visitId: string, at: string) =>
    ctx.database.pool.query('update visits set signed_at = $2 where id = $1', [visitId, at]);

  async function visitsAround() {
    const owner = await practitioner(ctx, { name: 'Dr Lena Hoffmann' });
    const patientId = owner.patient._id;
    const record = async (reason: string, subjective: string) => {
      const visit = await createVisit(ctx, owner.headers, patientId, { reason, subjective });
      return signVisit(ctx, owner.headers, visit);
    };
    const before = await record('Before the link', 'Old note, never shared by default');
    const after = await record('After the link', 'New note, shared by default');
    const kept = await record('Kept private', 'Private note of the practitioner');
    const opened = await record('Shared later', 'Old note shared by the practitioner');
    const draft = await createVisit(ctx, owner.headers, patientId, {
      reason: 'Draft visit',
      subjective: 'Draft thoughts',
    });
    await signedOn(before._id, '2026-01-10T09:00:00Z');
    await signedOn(opened._id, '2026-01-11T09:00:00Z');
    await signedOn(after._id, '2026-02-10T09:00:00Z');
    await signedOn(kept._id, '2026-02-11T09:00:00Z');
    const sharing = (visitId: string, value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/records/patients/${patientId}/visits/${visitId}/sharing`,
        headers: owner.headers,
        payload: { sharing: value },
      });
    expect((await sharing(kept._id, 'private')).json()).toMatchObject({
      patientSharing: 'private',
    });
    expect((await sharing(opened._id, 'shared')).statusCode).toBe(200);
    const person = await signIn(ctx, { name: 'Ana Lima' });
    await linkPatient(ctx, {
      ownerId: owner.user._id,
      patientId,
      userId: person.user._id,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    return { owner, person, patientId, before, after, kept, opened, draft, sharing };
  }

  it('answers signed visits only, notes as shared, each exactly the declared fields', async () => {
    const { person, patientId, before, after, kept, opened } = await visitsAround();
    const response = await ctx.app.inject({
      url: myUrl(patientId, 'visits'),
      headers: person.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const items = response.json().items as { _id: string; notes: { subjective: string } | null }[];
    expect(items.map((item) => item._id).sort()).toEqual(
      [before._id, after._id, kept._id, opened._id].sort(),
    );
    for (const item of items)
      expect(keysOf(item)).toEqual([...VISIT_PATIENT_VIEW, 'notes', 'addenda']);
    const notesOf = (id: string) =>
      items.find((item) => item._id === id)!.notes?.subjective ?? null;
    expect(notesOf(after._id)).toBe('New note, shared by default');
    expect(notesOf(opened._id)).toBe('Old note shared by the practitioner');
    expect(notesOf(before._id)).toBeNull();
    expect(notesOf(kept._id)).toBeNull();
    expect(response.body).not.toContain('Draft');
    expect(response.body).not.toContain('never shared by default');
    expect(response.body).not.toContain('Private note');
    expect(items.find((item) => item._id === kept._id)).toMatchObject({
      reason: 'Kept private',
      systolic: 128,
      bmi: 25.1,
    });
  });

  it('keeps the addenda of unshared notes back with them', async () => {
    const { owner, person, patientId, kept, after } = await visitsAround();
    for (const visit of [kept, after]) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/api/records/patients/${patientId}/visits/${visit._id}/addenda`,
        headers: owner.headers,
        payload: { text: `Addendum of ${visit._id}` },
      });
      expect(added.statusCode).toBe(201);
    }
    const items = (
      await ctx.app.inject({ url: myUrl(patientId, 'visits'), headers: person.headers })
    ).json().items as { _id: string; addenda: { text: string }[] }[];
    expect(items.find((item) => item._id === after._id)!.addenda).toEqual([
      { _id: expect.any(String), text: `Addendum of ${after._id}`, createdAt: expect.any(String) },
    ]);
    expect(items.find((item) => item._id === kept._id)!.addenda).toEqual([]);
  });

  it('PUT …/visits/:visitId/sharing refuses an unknown value with its message and changes nothing', async () => {
    const { sharing, kept, owner, patientId } = await visitsAround();
    expectErrorAnswer(await sharing(kept._id, 'public'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Please choose default, shared or private.',
      fieldErrors: { sharing: 'Please choose default, shared or private.' },
    });
    const visit = await ctx.app.inject({
      url: `/api/records/patients/${patientId}/visits/${kept._id}`,
      headers: owner.headers,
    });
    expect(visit.json()).toMatchObject({ patientSharing: 'private' });
  });

  it("PUT …/visits/:visitId/sharing answers 404 for someone else's visit", async () => {
    const { kept, patientId } = await visitsAround();
    const stranger = await signIn(ctx);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${patientId}/visits/${kept._id}/sharing`,
      headers: stranger.headers,
      payload: { sharing: 'shared' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/me/patients/:patientId/vitals', () => {
  it('answers the signed visits’ measurements oldest first, never a draft’s', async () => {
    const { owner, patientId, get } = await linkedPatient();
    const signed = await signVisit(
      ctx,
      owner.headers,
      await createVisit(ctx, owner.headers, patientId, { weight: 71 }),
    );
    await createVisit(ctx, owner.headers, patientId, { weight: 99 });
    const response = await get('vitals');
    expect(response.json()).toEqual({
      items: [
        {
          visitId: signed._id,
          occurredAt: '2026-03-02T09:00:00.000Z',
          systolic: 128,
          diastolic: 82,
          weight: 71,
        },
      ],
    });
  });
});
