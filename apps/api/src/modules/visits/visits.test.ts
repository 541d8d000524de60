import { describe, expect, it } from 'vitest';
import { VISIT_MESSAGES, type TVisit } from '@portal/shared/visit';
import { visitInput } from '@portal/shared/visit.factories';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import { nextPageOf } from '../../../test/paging.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import {
  createVisit,
  postVisitAction,
  signVisit,
  updateVisit,
  visitsUrl,
} from '../../../test/factories/visits.ts';
import {
  auditTrail,
  describePatientResourceContract,
  expectFieldErrors,
  type FieldCase,
  practitioner as withPatient,
} from '../../../test/patient-resources.ts';

const ctx = useTestApp();

describePatientResourceContract(() => ctx, {
  segment: 'visits',
  table: 'visits',
  kind: 'visit',
  notFound: 'VISIT_NOT_FOUND',
  stale: { status: 412, code: 'VISIT_CHANGED' },
  body: (variant) => visitInput(variant === 'changed' ? { plan: 'Review in two weeks.' } : {}),
});

/** Signing answers the signer's name. */
const practitioner = () => withPatient(ctx, { name: 'Dr Lena Hoffmann' });

describe('POST /api/records/patients/:id/visits', () => {
  it('records the visit with its vitals and a computed BMI, its time in UTC', async () => {
    const { headers, patient } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-03-02T10:00:00+01:00',
    });
    // Every field as sent (the factory's 09:00 UTC is the 10:00 sent in UTC+1), with the BMI.
    expect(visit).toMatchObject({
      ...visitInput(),
      patientId: patient._id,
      bmi: 25.1,
      signedAt: null,
      signedBy: null,
      addenda: [],
    });
  });

  it('leaves unmeasured vitals and the BMI null', async () => {
    const { headers, patient } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id, { height: null, systolic: null });
    expect(visit).toMatchObject({ height: null, systolic: null, weight: 72.5, bmi: null });
  });

  it('refuses each implausible vital with its own message code and stores nothing', async () => {
    const { headers, patient } = await practitioner();
    const cases: FieldCase[] = [
      [{ systolic: 49 }, 'systolic', VISIT_MESSAGES.systolicRange],
      [{ systolic: 120.5 }, 'systolic', VISIT_MESSAGES.systolicRange],
      // Found by the fuzz suite: close to a whole number is not one (the column is an integer).
      [{ diastolic: 20.00000000000002 }, 'diastolic', VISIT_MESSAGES.diastolicRange],
      [{ diastolic: 201, systolic: 250 }, 'diastolic', VISIT_MESSAGES.diastolicRange],
      [{ systolic: 120, diastolic: 120 }, 'diastolic', VISIT_MESSAGES.diastolicAboveSystolic],
      [{ heartRate: 301 }, 'heartRate', VISIT_MESSAGES.heartRateRange],
      [{ temperature: 29.9 }, 'temperature', VISIT_MESSAGES.temperatureRange],
      [{ temperature: 36.85 }, 'temperature', VISIT_MESSAGES.temperatureRange],
      [{ weight: 0.1 }, 'weight', VISIT_MESSAGES.weightRange],
      [{ weight: '70' }, 'weight', VISIT_MESSAGES.weightRange],
      [{ height: 273 }, 'height', VISIT_MESSAGES.heightRange],
      [{ oxygenSaturation: 101 }, 'oxygenSaturation', VISIT_MESSAGES.oxygenSaturationRange],
      [{ occurredAt: 'yesterday' }, 'occurredAt', VISIT_MESSAGES.occurredAtRequired],
      [{ subjective: 'x'.repeat(10_001) }, 'subjective', VISIT_MESSAGES.notesTooLong],
      [{ plan: 'x'.repeat(10_001) }, 'plan', VISIT_MESSAGES.notesTooLong],
      [{ reason: 'x'.repeat(201) }, 'reason', VISIT_MESSAGES.reasonTooLong],
      [{ appointmentId: 'abc' }, 'appointmentId', VISIT_MESSAGES.appointmentInvalid],
      [{ bmi: 22 }, 'bmi', 'This field is not allowed.'],
      [{ ownerId: patient._id }, 'ownerId', 'This field is not allowed.'],
    ];
    await expectFieldErrors(ctx, {
      url: visitsUrl(patient._id),
      headers,
      body: visitInput(),
      table: 'visits',
      cases,
    });
  });

  it('accepts each SOAP section at exactly 10,000 characters', async () => {
    const { headers, patient } = await practitioner();
    const long = 'x'.repeat(10_000);
    const visit = await createVisit(ctx, headers, patient._id, {
      subjective: long,
      objective: long,
      assessment: long,
      plan: long,
    });
    expect(visit.assessment).toHaveLength(10_000);
  });
});

describe('GET /api/records/patients/:id/visits', () => {
  it('lists newest first, paged with Link and X-Total-Count, and audits the read', async () => {
    const { headers, patient } = await practitioner();
    const days = ['2026-01-05', '2026-03-09', '2026-02-14'];
    for (const day of days)
      await createVisit(ctx, headers, patient._id, { occurredAt: `${day}T08:00:00Z` });
    const first = await ctx.app.inject({ url: `${visitsUrl(patient._id)}?limit=2`, headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.headers['cache-control']).toBe('no-store');
    expect((first.json() as TVisit[]).map((visit) => visit.occurredAt.slice(0, 10))).toEqual([
      '2026-03-09',
      '2026-02-14',
    ]);
    const next = nextPageOf(first)!;
    const second = await ctx.app.inject({ url: next, headers });
    expect((second.json() as TVisit[]).map((visit) => visit.occurredAt.slice(0, 10))).toEqual([
      '2026-01-05',
    ]);
    expect(second.headers.link).toBeUndefined();
    const lists = (await auditTrail(ctx, headers)).filter((event) => event.action === 'list');
    expect(lists).toHaveLength(2);
    expect(lists[0]).toMatchObject({ outcome: 'success', patientId: patient._id });
  });

  it("shows only this patient's visits", async () => {
    const { headers, patient } = await practitioner();
    const sibling = await createPatient(ctx, headers, { name: 'Jean Dupont' });
    await createVisit(ctx, headers, sibling._id);
    const response = await ctx.app.inject({ url: visitsUrl(patient._id), headers });
    expect(response.json()).toEqual([]);
  });
});

describe('PUT /api/records/patients/:id/visits/:visitId', () => {
  it('replaces a draft and computes its BMI again', async () => {
    const { headers, patient } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id);
    const updated = await updateVisit(
      ctx,
      { ...headers, 'if-match': `"${visit.updatedAt}"` },
      visit,
      { plan: 'Review in two weeks.', weight: 80 },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ plan: 'Review in two weeks.', weight: 80, bmi: 27.7 });
  });
});

describe('signing', () => {
  it('signs with the time and the signer; a signed visit refuses every change with VISIT_SIGNED', async () => {
    const { headers, patient, user } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id);
    const signed = await signVisit(ctx, headers, visit);
    expect(signed.signedBy).toEqual({ id: user._id, name: 'Dr Lena Hoffmann' });
    expect(Date.parse(signed.signedAt!)).not.toBeNaN();
    expect(signed.updatedAt > visit.updatedAt).toBe(true);

    const edit = await updateVisit(ctx, headers, visit, { plan: 'Quietly changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'VISIT_SIGNED' });
    const again = await postVisitAction(ctx, headers, visit, 'sign');
    expect(again.statusCode).toBe(409);
    const now = (await ctx.app.inject({ url: visitsUrl(patient._id, visit._id), headers })).json();
    expect(now).toEqual(signed);
    expect(await auditTrail(ctx, headers)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'sign', outcome: 'success', visitId: visit._id }),
        expect.objectContaining({ action: 'update', outcome: 'conflict', visitId: visit._id }),
      ]),
    );
  });

  it('answers 412 when signing a version that has changed', async () => {
    const { headers, patient } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id);
    const stale = { ...headers, 'if-match': '"2020-01-01T00:00:00.000Z"' };
    const response = await postVisitAction(ctx, stale, visit, 'sign');
    expect(response.statusCode).toBe(412);
    const now = (await ctx.app.inject({ url: visitsUrl(patient._id, visit._id), headers })).json();
    expect(now).toMatchObject({ signedAt: null });
  });
});

describe('POST /api/records/patients/:id/visits/:visitId/addenda', () => {
  const addendum = (headers: AuthHeaders, visit: TVisit, text: unknown) =>
    postVisitAction(ctx, headers, visit, 'addenda', { text });

  it('adds a correction to a signed visit with its own author and time, oldest first', async () => {
    const { headers, patient, user } = await practitioner();
    const visit = await signVisit(ctx, headers, await createVisit(ctx, headers, patient._id));
    const first = await addendum(headers, visit, '  Peak flow was 380, not 330.  ');
    expect(first.statusCode).toBe(201);
    const second = await addendum(headers, visit, 'Spacer technique reviewed.');
    const amended = second.json() as TVisit;
    expect(amended.addenda.map((entry) => entry.text)).toEqual([
      'Peak flow was 380, not 330.',
      'Spacer technique reviewed.',
    ]);
    expect(amended.addenda[0]).toMatchObject({
      authorId: user._id,
      authorName: 'Dr Lena Hoffmann',
    });
    expect(Date.parse(amended.addenda[0]!.createdAt)).not.toBeNaN();
    expect(amended.plan).toBe(visit.plan);
    expect(second.headers.etag).toBe(`"${amended.updatedAt}"`);
    expect(await auditTrail(ctx, headers)).toContainEqual(
      expect.objectContaining({ action: 'addendum', outcome: 'success', visitId: visit._id }),
    );
  });

  it('refuses an addendum to a draft with VISIT_NOT_SIGNED, and an empty or too long one', async () => {
    const { headers, patient } = await practitioner();
    const draft = await createVisit(ctx, headers, patient._id);
    const refused = await addendum(headers, draft, 'Too early');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'VISIT_NOT_SIGNED' });
    const signed = await signVisit(ctx, headers, draft);
    for (const [text, message] of [
      ['   ', VISIT_MESSAGES.addendumRequired],
      ['x'.repeat(10_001), VISIT_MESSAGES.addendumTooLong],
    ] as const) {
      const response = await addendum(headers, signed, text);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fieldErrors: { text: message } });
    }
    const now = (await ctx.app.inject({ url: visitsUrl(patient._id, draft._id), headers })).json();
    expect(now.addenda).toEqual([]);
  });

  it("answers 404 for someone else's visit", async () => {
    const owner = await practitioner();
    const visit = await signVisit(
      ctx,
      owner.headers,
      await createVisit(ctx, owner.headers, owner.patient._id),
    );
    const other = await practitioner();
    const response = await addendum(other.headers, visit, 'Not mine');
    expect(response.statusCode).toBe(404);
  });
});
