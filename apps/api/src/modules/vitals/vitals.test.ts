import { describe, expect, it } from 'vitest';
import { VITALS_SERIES_MAX, type TVitalsSeries } from '@portal/shared/vitals';
import { type AuthHeaders, signIn, useTestApp } from '../../../test/app.ts';
import { createPatient, trashPatient } from '../../../test/factories/patients.ts';
import { createVisit } from '../../../test/factories/visits.ts';
import { auditTrail, practitioner as withPatient } from '../../../test/patient-resources.ts';

const ctx = useTestApp();

const practitioner = () => withPatient(ctx, { name: 'Dr Lena Hoffmann' });

const vitalsUrl = (patientId: string) => `/api/records/patients/${patientId}/vitals`;

describe('GET /api/records/patients/:id/vitals', () => {
  it('answers weight and blood pressure oldest first, only for measured visits, no-store and audited', async () => {
    const { headers, patient } = await practitioner();
    const later = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-03-02T10:00:00+01:00',
      systolic: 128,
      diastolic: 82,
      weight: 72.5,
    });
    const earlier = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-01-15T09:30:00Z',
      systolic: null,
      diastolic: null,
      weight: 74,
    });
    await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-02-01T09:30:00Z',
      systolic: null,
      diastolic: null,
      weight: null,
    });
    const response = await ctx.app.inject({ url: vitalsUrl(patient._id), headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      points: [
        {
          visitId: earlier._id,
          occurredAt: '2026-01-15T09:30:00.000Z',
          systolic: null,
          diastolic: null,
          weight: 74,
        },
        {
          visitId: later._id,
          occurredAt: '2026-03-02T09:00:00.000Z',
          systolic: 128,
          diastolic: 82,
          weight: 72.5,
        },
      ],
      total: 2,
    } satisfies TVitalsSeries);
    // The notes never travel with the series.
    expect(response.body).not.toContain('inhaled steroid');
    expect(await auditTrail(ctx, headers)).toContainEqual(
      expect.objectContaining({
        action: 'list',
        outcome: 'success',
        patientId: patient._id,
        visitId: null,
      }),
    );
  });

  it('answers an empty series for a patient without measured visits', async () => {
    const { headers, patient } = await practitioner();
    const response = await ctx.app.inject({ url: vitalsUrl(patient._id), headers });
    expect(response.json()).toEqual({ points: [], total: 0 });
  });

  it("answers 404 PATIENT_NOT_FOUND for someone else's, a trashed or a made-up patient, audited as denied", async () => {
    const owner = await practitioner();
    await createVisit(ctx, owner.headers, owner.patient._id);
    const other = await signIn(ctx, { name: 'Dr Omar Haddad' });
    const trashed = await createPatient(ctx, owner.headers, { name: 'Bruno Costa' });
    await trashPatient(ctx, owner.headers, trashed._id);
    const attempts: [AuthHeaders, string][] = [
      [other.headers, owner.patient._id],
      [owner.headers, trashed._id],
      [owner.headers, '00000000-0000-4000-8000-000000000000'],
      [owner.headers, 'not-an-id'],
    ];
    for (const [headers, id] of attempts) {
      const response = await ctx.app.inject({ url: vitalsUrl(id), headers });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
      expect(response.body).not.toContain('72.5');
    }
    expect(await auditTrail(ctx, other.headers)).toContainEqual(
      expect.objectContaining({
        action: 'list',
        outcome: 'denied',
        patientId: owner.patient._id,
      }),
    );
  });

  it('answers 401 without a session', async () => {
    const { patient } = await practitioner();
    const response = await ctx.app.inject({ url: vitalsUrl(patient._id) });
    expect(response.statusCode).toBe(401);
  });

  it(`keeps the newest ${VITALS_SERIES_MAX} points of a longer history and counts them all`, async () => {
    const { headers, patient, user } = await practitioner();
    // Inserted directly: a thousand POSTs would spend the per-user request budget.
    await ctx.database.pool.query(
      `insert into visits (owner_id, patient_id, occurred_at, reason, weight)
       select $1, $2, timestamptz '2020-01-01T00:00:00Z' + n * interval '1 day', 'Weight check', 60 + n % 20
         from generate_series(1, $3::int) as n`,
      [user._id, patient._id, VITALS_SERIES_MAX + 5],
    );
    const response = await ctx.app.inject({ url: vitalsUrl(patient._id), headers });
    const series = response.json() as TVitalsSeries;
    expect(series.total).toBe(VITALS_SERIES_MAX + 5);
    expect(series.points).toHaveLength(VITALS_SERIES_MAX);
    // Oldest first, and the five oldest (days 1–5) left out.
    expect(series.points[0]!.occurredAt).toBe('2020-01-07T00:00:00.000Z');
    expect(series.points.at(-1)!.occurredAt).toBe(
      new Date(Date.UTC(2020, 0, 1 + VITALS_SERIES_MAX + 5)).toISOString(),
    );
  });
});
