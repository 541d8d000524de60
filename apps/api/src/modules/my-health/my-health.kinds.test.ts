import { describe, expect, it } from 'vitest';

import { ERRORS } from '@portal/shared/errors';

import { useTestApp } from '../../../test/app.ts';

import { createCarePlan, occurrencesUrl } from '../../../test/factories/care-plans.ts';

import { expectErrorAnswer } from '../../../test/error-answer.ts';

import { API_KINDS } from '../../kinds/registry.ts';
import {
  auditEventsBy,
  linkedPatientOf,
  myUrl,
  type LinkedPatientOptions,
} from './my-health.factories.ts';
import { MY_KIND_SEGMENTS } from './my-health.service.ts';

const clock = new Date('2026-03-01T08:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => clock } });
const linkedPatient = (options?: LinkedPatientOptions) => linkedPatientOf(ctx, options);
const eventsBy = (actorId: string) => auditEventsBy(ctx, actorId);
const keysOf = (item: object) => Object.keys(item);

// What a linked patient sees: the patient-owned kinds and care plans.

describe('the patient-owned kinds of a linked patient', () => {
  it.each(
    API_KINDS.filter((kind) =>
      (MY_KIND_SEGMENTS as readonly string[]).includes(kind.shared.segment),
    ),
  )(
    '$shared.segment answers each item with exactly its patient view, as the practitioner sees those fields',
    async (kind) => {
      const { owner, get } = await linkedPatient();
      const created = await ctx.app.inject({
        method: 'POST',
        url: `/api/records/patients/${owner.patient._id}/${kind.shared.segment}`,
        headers: owner.headers,
        payload: kind.example.body(),
      });
      expect(created.statusCode).toBe(201);
      const stored = created.json() as Record<string, unknown>;
      const response = await get(kind.shared.segment);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const [item] = response.json().items as Record<string, unknown>[];
      expect(keysOf(item!)).toEqual([...kind.shared.patientView]);
      for (const field of kind.shared.patientView) expect(item![field]).toEqual(stored[field]);
    },
  );

  it('never shows a prescription’s stop reason or an immunization’s performer note', async () => {
    const { owner, get } = await linkedPatient();
    const base = `/api/records/patients/${owner.patient._id}`;
    const prescription = await ctx.app.inject({
      method: 'POST',
      url: `${base}/prescriptions`,
      headers: owner.headers,
      payload: API_KINDS[1]!.example.body(),
    });
    await ctx.app.inject({
      method: 'POST',
      url: `${base}/prescriptions/${prescription.json()._id}/stop`,
      headers: owner.headers,
      payload: { reason: 'Suspected misuse' },
    });
    const prescriptions = await get('prescriptions');
    expect(prescriptions.json().items[0]).toMatchObject({ status: 'stopped' });
    expect(prescriptions.body).not.toContain('Suspected misuse');
    await ctx.app.inject({
      method: 'POST',
      url: `${base}/immunizations`,
      headers: owner.headers,
      payload: { ...API_KINDS[3]!.example.body(), performerNote: 'Nurse Kim, City Clinic' },
    });
    expect((await get('immunizations')).body).not.toContain('Nurse Kim');
  });
});

describe('care plans of a linked patient', () => {
  const daily = {
    title: 'Asthma action plan',
    goals: [{ text: 'No night symptoms', targetDate: '2026-12-31' }],
    activities: [
      { title: 'Peak flow reading', start: '2026-02-01', rrule: 'FREQ=DAILY' },
      { title: 'Peak flow diary', start: '2026-03-20', rrule: '' },
    ],
  };

  it('answers active plans with today’s occurrence of each activity, exactly the declared fields', async () => {
    const { owner, get } = await linkedPatient();
    const plan = await createCarePlan(ctx, owner.headers, owner.patient._id, daily);
    await createCarePlan(ctx, owner.headers, owner.patient._id, { ...daily, status: 'on-hold' });
    const response = await get('care-plans');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          _id: plan._id,
          title: 'Asthma action plan',
          activities: [
            {
              _id: plan.activities[0]!.id,
              title: 'Peak flow reading',
              todayOccurrence: { date: '2026-03-01', state: 'due' },
            },
            { _id: plan.activities[1]!.id, title: 'Peak flow diary', todayOccurrence: null },
          ],
        },
      ],
    });
    expect(response.body).not.toContain('No night symptoms');
  });

  it('marks today done: the practitioner sees who marked it; a day to come is 409', async () => {
    const { owner, person, patientId, get } = await linkedPatient();
    const plan = await createCarePlan(ctx, owner.headers, patientId, daily);
    const activityId = plan.activities[0]!.id;
    const mark = (day: string, status: string) =>
      ctx.app.inject({
        method: 'POST',
        url: myUrl(patientId, 'care-plans', plan._id, 'activities', activityId, 'occurrences', day),
        headers: person.headers,
        payload: { status },
      });
    const done = await mark('2026-03-01', 'done');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ date: '2026-03-01', state: 'done' });
    expect((await get('care-plans')).json().items[0].activities[0].todayOccurrence).toEqual({
      date: '2026-03-01',
      state: 'done',
    });
    const occurrences = await ctx.app.inject({
      url: occurrencesUrl(patientId, plan._id, '?from=2026-03-01&to=2026-03-01'),
      headers: owner.headers,
    });
    expect(occurrences.json()).toContainEqual(
      expect.objectContaining({
        activityId,
        date: '2026-03-01',
        state: 'done',
        markedBy: { id: person.user._id, name: 'Ana Lima' },
      }),
    );
    expectErrorAnswer(await mark('2026-03-02', 'done'), 409, {
      code: 'OCCURRENCE_NOT_YET_DUE',
      message: ERRORS.OCCURRENCE_NOT_YET_DUE.message,
    });
    expect((await mark('2026-03-01', 'maybe')).json()).toMatchObject({
      fieldErrors: { status: 'Please choose done or skipped.' },
    });
    expect(await eventsBy(person.user._id)).toContainEqual({
      patient_id: patientId,
      action: 'update',
      outcome: 'success',
      subject_kind: 'carePlan',
    });
  });
});
