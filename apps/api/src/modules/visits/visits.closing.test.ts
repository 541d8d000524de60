import { describe, expect, it } from 'vitest';
import { VISIT_MESSAGES } from '@portal/shared/visit';
import { type AuthHeaders, useTestApp } from '../../../test/app.ts';
import {
  cancelAppointment,
  createAppointment,
  readAppointment,
} from '../../../test/factories/appointments.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import {
  createVisit,
  recordVisit,
  updateVisit,
  visitsUrl,
} from '../../../test/factories/visits.ts';
import { auditTrail, practitioner as withPatient } from '../../../test/patient-resources.ts';
import { searchVisitNotes } from './visits.repository.ts';

const ctx = useTestApp();

const practitioner = () => withPatient(ctx);

/** A draft visit and a booked appointment of one patient, and the edit of the draft naming it. */
async function draftAndAppointment() {
  const { headers, patient } = await practitioner();
  const appointment = await createAppointment(ctx, headers, { patientId: patient._id });
  const visit = await createVisit(ctx, headers, patient._id);
  const nameAppointment = (extraHeaders: AuthHeaders = {}) =>
    updateVisit(ctx, { ...headers, ...extraHeaders }, visit, { appointmentId: appointment._id });
  return { headers, appointment, nameAppointment };
}

describe('a visit closing an appointment', () => {
  it('marks the booked appointment fulfilled, through the audited appointments service', async () => {
    const { headers, patient } = await practitioner();
    const appointment = await createAppointment(ctx, headers, { patientId: patient._id });
    const visit = await createVisit(ctx, headers, patient._id, { appointmentId: appointment._id });
    expect(visit.appointmentId).toBe(appointment._id);
    expect(await readAppointment(ctx, headers, appointment._id)).toMatchObject({
      status: 'fulfilled',
    });
    expect(await auditTrail(ctx, headers)).toContainEqual(
      expect.objectContaining({
        action: 'update',
        outcome: 'success',
        patientId: patient._id,
        appointmentId: appointment._id,
      }),
    );
  });

  it('closes an appointment named by a later edit of the draft', async () => {
    const { headers, appointment, nameAppointment } = await draftAndAppointment();
    const response = await nameAppointment();
    expect(response.statusCode).toBe(200);
    expect(await readAppointment(ctx, headers, appointment._id)).toMatchObject({
      status: 'fulfilled',
    });
  });

  it("refuses another patient's or someone else's appointment as not found, changing nothing", async () => {
    const { headers, patient } = await practitioner();
    const sibling = await createPatient(ctx, headers, { name: 'Jean Dupont' });
    const siblings = await createAppointment(ctx, headers, { patientId: sibling._id });
    const other = await practitioner();
    const theirs = await createAppointment(ctx, other.headers, { patientId: other.patient._id });
    for (const appointmentId of [siblings._id, theirs._id]) {
      const response = await recordVisit(ctx, headers, patient._id, { appointmentId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'APPOINTMENT_NOT_FOUND',
        fieldErrors: { appointmentId: VISIT_MESSAGES.appointmentNotOwn },
      });
    }
    expect(await readAppointment(ctx, headers, siblings._id)).toMatchObject({ status: 'booked' });
    expect(await readAppointment(ctx, other.headers, theirs._id)).toMatchObject({
      status: 'booked',
    });
    const list = await ctx.app.inject({ url: visitsUrl(patient._id), headers });
    expect(list.json()).toEqual([]);
  });

  it('refuses an edit naming a made-up appointment as not found (found by the fuzz suite: 500)', async () => {
    const { headers, patient } = await practitioner();
    const visit = await createVisit(ctx, headers, patient._id);
    const response = await updateVisit(ctx, headers, visit, {
      appointmentId: '7de797a6-b848-87d9-bfff-fff551baae3f',
      plan: 'Changed',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND' });
    const now = await ctx.app.inject({ url: visitsUrl(patient._id, visit._id), headers });
    expect(now.json()).toMatchObject({ plan: visit.plan, appointmentId: null });
  });

  it('refuses a cancelled appointment with APPOINTMENT_NOT_OPEN', async () => {
    const { headers, patient } = await practitioner();
    const appointment = await createAppointment(ctx, headers, { patientId: patient._id });
    await cancelAppointment(ctx, headers, appointment);
    const response = await recordVisit(ctx, headers, patient._id, {
      appointmentId: appointment._id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'APPOINTMENT_NOT_OPEN',
      fieldErrors: { appointmentId: VISIT_MESSAGES.appointmentNotOpen },
    });
    expect(await readAppointment(ctx, headers, appointment._id)).toMatchObject({
      status: 'cancelled',
    });
  });

  it('leaves the appointment booked when a stale edit of the visit is refused', async () => {
    const { headers, appointment, nameAppointment } = await draftAndAppointment();
    const response = await nameAppointment({ 'if-match': '"2020-01-01T00:00:00.000Z"' });
    expect(response.statusCode).toBe(412);
    expect(await readAppointment(ctx, headers, appointment._id)).toMatchObject({
      status: 'booked',
    });
  });
});

describe('searchVisitNotes', () => {
  it("finds the practitioner's own visits by a fragment of the reason or notes, newest first", async () => {
    const { headers, patient, user } = await practitioner();
    const quiet = { subjective: '', objective: '' };
    const older = await createVisit(ctx, headers, patient._id, {
      ...quiet,
      occurredAt: '2026-01-01T08:00:00Z',
      objective: 'Marked Wheeze on the left',
    });
    const newer = await createVisit(ctx, headers, patient._id, {
      ...quiet,
      occurredAt: '2026-02-01T08:00:00Z',
      reason: 'wheeze check',
    });
    await createVisit(ctx, headers, patient._id, {
      ...quiet,
      objective: '100% clear',
      reason: 'Other',
    });
    const other = await practitioner();
    await createVisit(ctx, other.headers, other.patient._id, { objective: 'wheeze' });
    const found = await searchVisitNotes(ctx.database.db, {
      ownerId: user._id,
      fragment: 'WHEEZE',
      limit: 10,
    });
    expect(found.map((row) => row.id)).toEqual([newer._id, older._id]);
    // LIKE's wildcards are searched as text.
    const percent = await searchVisitNotes(ctx.database.db, {
      ownerId: user._id,
      fragment: '0%',
      limit: 10,
    });
    expect(percent).toHaveLength(1);
  });
});
