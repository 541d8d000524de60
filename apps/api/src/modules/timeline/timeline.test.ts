import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import type { TTimelineEntry } from '@portal/shared/timeline';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import {
  createAllergy,
  createPrescription,
  stopPrescription,
} from '../../../test/factories/clinical.ts';
import { trashPatient } from '../../../test/factories/patients.ts';
import { timelineUrl, walkTimeline } from '../../../test/factories/timeline.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { auditTrail, practitioner as withPatient } from '../../../test/patient-resources.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';

const ctx = useTestApp();

const practitioner = () => withPatient(ctx);

const url = timelineUrl;

/** Puts a row's time where a test wants it (the API stamps `now()` on creation). */
async function setTime(table: string, column: string, id: string, at: string) {
  await ctx.database.pool.query(`update ${table} set ${column} = $1 where id = $2`, [at, id]);
}

const walk = (headers: AuthHeaders, patientId: string, limit: number) =>
  walkTimeline(ctx, headers, patientId, limit);

describe('GET /api/records/patients/:id/timeline', () => {
  it('lists every kind newest first, paged with Link and X-Total-Count, no-store, audited', async () => {
    const { headers, patient } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-03-05T10:00:00.000Z',
      reason: 'Asthma review',
    });
    await signVisit(ctx, headers, visit);
    const draft = await createVisit(ctx, headers, patient._id, {
      occurredAt: '2026-03-01T10:00:00.000Z',
      reason: 'First consultation',
    });
    const prescription = await createPrescription(ctx, headers, patient._id, {
      medication: 'Salbutamol',
      strength: '100 µg',
    });
    await setTime('prescriptions', 'created_at', prescription._id, '2026-03-05T10:30:00.000Z');
    await stopPrescription(ctx, headers, prescription, 'Tremor');
    await setTime('prescriptions', 'stopped_at', prescription._id, '2026-03-07T08:00:00.000Z');
    const allergy = await createAllergy(ctx, headers, patient._id, {
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'severe',
    });
    await setTime('allergies', 'created_at', allergy._id, '2026-03-02T12:00:00.000Z');
    const appointment = await createAppointment(ctx, headers, {
      patientId: patient._id,
      start: '2026-03-09T09:00:00.000Z',
      reason: 'Check-up',
    });

    const response = await ctx.app.inject({ url: url(patient._id, '?limit=4'), headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-total-count']).toBe('6');
    expect(response.headers.link).toMatch(/rel="next"/);
    const all = await walk(headers, patient._id, 4);
    expect(all).toEqual([
      {
        kind: 'appointment',
        at: '2026-03-09T09:00:00.000Z',
        itemId: appointment._id,
        summary: 'Check-up',
        detail: '',
        state: 'booked',
      },
      {
        kind: 'prescription-stopped',
        at: '2026-03-07T08:00:00.000Z',
        itemId: prescription._id,
        summary: 'Salbutamol 100 µg',
        detail: 'Tremor',
        state: 'stopped',
      },
      {
        kind: 'prescription-started',
        at: '2026-03-05T10:30:00.000Z',
        itemId: prescription._id,
        summary: 'Salbutamol 100 µg',
        detail: '',
        state: 'stopped',
      },
      {
        kind: 'visit',
        at: '2026-03-05T10:00:00.000Z',
        itemId: visit._id,
        summary: 'Asthma review',
        detail: '',
        state: 'signed',
      },
      {
        kind: 'allergy',
        at: '2026-03-02T12:00:00.000Z',
        itemId: allergy._id,
        summary: 'Penicillin',
        detail: 'Hives',
        state: 'severe',
      },
      {
        kind: 'visit',
        at: '2026-03-01T10:00:00.000Z',
        itemId: draft._id,
        summary: 'First consultation',
        detail: '',
        state: 'draft',
      },
    ]);
    // The notes never travel in the timeline.
    expect(JSON.stringify(all)).not.toContain(visit.subjective);
    const [event] = await auditTrail(ctx, headers);
    expect(event).toMatchObject({ action: 'list', outcome: 'success', patientId: patient._id });
  });

  it('pages through entries of the same instant once each, in one order, whatever the page size', async () => {
    const { headers, patient } = await practitioner();
    const at = '2026-04-01T09:00:00.000Z';
    const visits = await Promise.all(
      [1, 2, 3].map(() => createVisit(ctx, headers, patient._id, { occurredAt: at })),
    );
    const prescriptions = [
      await createPrescription(ctx, headers, patient._id, { medication: 'Amoxicillin' }),
      await createPrescription(ctx, headers, patient._id, { medication: 'Ibuprofen' }),
    ];
    for (const prescription of prescriptions) {
      await stopPrescription(ctx, headers, prescription, 'Rash');
      await setTime('prescriptions', 'created_at', prescription._id, at);
      await setTime('prescriptions', 'stopped_at', prescription._id, at);
    }
    const allergy = await createAllergy(ctx, headers, patient._id, { substance: 'Latex' });
    await setTime('allergies', 'created_at', allergy._id, at);

    const whole = await walk(headers, patient._id, 200);
    expect(whole).toHaveLength(8);
    expect(whole.every((entry) => entry.at === at)).toBe(true);
    // Ties: the item's id (descending), then stopped before started for one prescription.
    const keys = whole.map((entry) => `${entry.itemId} ${entry.kind}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const ids = [...visits, ...prescriptions, allergy].map((item) => item._id);
    expect(new Set(whole.map((entry) => entry.itemId))).toEqual(new Set(ids));
    for (const limit of [1, 2, 3, 5]) {
      expect(await walk(headers, patient._id, limit), `limit ${limit}`).toEqual(whole);
    }
  });

  it('cuts long texts to one line with an ellipsis', async () => {
    const { headers, patient } = await practitioner();
    await createVisit(ctx, headers, patient._id, { reason: 'R'.repeat(200) });
    const response = await ctx.app.inject({ url: url(patient._id), headers });
    const [entry] = response.json() as TTimelineEntry[];
    expect(entry!.summary).toBe(`${'R'.repeat(119)}…`);
  });

  it("answers 404 for someone else's, a trashed or a malformed patient, and audits the denial", async () => {
    const owner = await practitioner();
    const other = await practitioner();
    await createVisit(ctx, other.headers, other.patient._id);
    const response = await ctx.app.inject({
      url: url(other.patient._id),
      headers: owner.headers,
    });
    expectErrorAnswer(response, 404, {
      code: 'PATIENT_NOT_FOUND',
      message: ERRORS.PATIENT_NOT_FOUND.message,
    });
    const [event] = await auditTrail(ctx, owner.headers);
    expect(event).toMatchObject({
      action: 'list',
      outcome: 'denied',
      patientId: other.patient._id,
    });
    await trashPatient(ctx, owner.headers, owner.patient._id);
    for (const id of [owner.patient._id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const refused = await ctx.app.inject({ url: url(id), headers: owner.headers });
      expect(refused.statusCode, id).toBe(404);
    }
    const anonymous = await ctx.app.inject({ url: url(other.patient._id) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad cursor or limit with a clear message, reading and auditing nothing', async () => {
    const { headers, patient } = await practitioner();
    const events = async () => {
      const { rows } = await ctx.database.pool.query<{ n: number }>(
        'select count(*)::int as n from audit_events where patient_id = $1',
        [patient._id],
      );
      return rows[0]!.n;
    };
    const before = await events();
    const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const cursors = [
      'nope!',
      encode(['2026-04-01T09:00:00.000Z', patient._id]),
      encode(['2026-04-01T09:00:00.000Z', patient._id, 'surgery']),
      encode(['yesterday', patient._id, 'visit']),
      encode({ at: '2026-04-01T09:00:00.000Z' }),
    ];
    for (const cursor of cursors) {
      const response = await ctx.app.inject({
        url: url(patient._id, `?cursor=${cursor}`),
        headers,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_CURSOR',
        message: ERRORS.INVALID_CURSOR.message,
      });
    }
    const limit = await ctx.app.inject({ url: url(patient._id, '?limit=0'), headers });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().code).toBe('VALIDATION_FAILED');
    expect(await events()).toBe(before);
  });

  it('answers an empty timeline with a total of 0 and no next page', async () => {
    const { headers, patient } = await practitioner();
    const empty = await ctx.app.inject({ url: url(patient._id), headers });
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    expect(empty.headers.link).toBeUndefined();
  });
});
