import { DATE_MESSAGES } from '@portal/shared/zoned-time';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.ts';
import { bookingPractitioner } from './factories/appointments.ts';
import { postCarePlan } from './factories/care-plans.ts';
import { postPrescription } from './factories/clinical.ts';
import { recordVisit } from './factories/visits.ts';

/**
 * Dates and times the API takes lie between the years 1900 and 2200: a booking in the year 9999
 * with a long duration would end in the year 10000, which the API cannot store (a 500). Each
 * refusal is a 400 with the field's message, and stores nothing.
 */

const ctx = useTestApp();

const refused = (field: string) => ({
  code: 'VALIDATION_FAILED',
  fieldErrors: { [field]: DATE_MESSAGES.outOfRange },
});

describe('dates outside 1900–2200', () => {
  it('answers 400 to a booking in the year 9999 with a long duration, and books nothing', async () => {
    const { headers, book } = await bookingPractitioner(ctx);
    for (const start of ['9999-12-31T23:00:00Z', '2201-01-01T00:00:00Z', '1899-12-31T23:59:00Z']) {
      const response = await book({ start, duration: 480 });
      expect(response.statusCode, start).toBe(400);
      expect(response.json(), start).toMatchObject(refused('start'));
    }
    const agenda = await ctx.app.inject({
      url: '/api/appointments?from=1800-01-01T00:00:00Z&to=1800-02-01T00:00:00Z',
      headers,
    });
    expect(agenda.json()).toMatchObject(refused('from'));
    const all = await ctx.app.inject({
      url: '/api/appointments?from=1900-01-01T00:00:00Z&to=1900-02-01T00:00:00Z',
      headers,
    });
    expect(all.statusCode).toBe(200);
  });

  it('accepts the edges of the range', async () => {
    const { book } = await bookingPractitioner(ctx);
    expect((await book({ start: '2200-12-31T16:00:00Z', duration: 480 })).statusCode).toBe(201);
    expect((await book({ start: '1900-01-01T00:00:00Z', duration: 30 })).statusCode).toBe(201);
  });

  it('answers 400 to a visit, a prescription end or a care plan goal in the year 9999', async () => {
    const { headers, patient } = await bookingPractitioner(ctx, { isMember: true });
    const visit = await recordVisit(ctx, headers, patient._id, {
      occurredAt: '9999-12-31T23:00:00Z',
    });
    expect(visit.json()).toMatchObject(refused('occurredAt'));
    const prescription = await postPrescription(ctx, headers, patient._id, {
      endDate: '9999-12-31',
      duration: '',
    });
    expect(prescription.json()).toMatchObject(refused('endDate'));
    const plan = await postCarePlan(ctx, headers, patient._id, {
      goals: [{ text: 'HbA1c below 7%', targetDate: '9999-12-31' }],
    });
    expect(plan.json()).toMatchObject(refused('goals.0.targetDate'));
    const slots = await ctx.app.inject({
      url: '/api/appointments/free-slots?date=9999-12-31&duration=30',
      headers,
    });
    expect(slots.json()).toMatchObject(refused('date'));
  });
});
