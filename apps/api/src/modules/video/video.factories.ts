import { expect } from 'vitest';
import type { TAppointment } from '@portal/shared/appointment';
import type { TVideoJoin } from '@portal/shared/video';
import { signIn, type AuthHeaders, type TestContext } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { patientLinks } from '../../db/schema/patient-links.ts';

/** Test helpers of video visits (imported by tests only). */

const MINUTE_MS = 60_000;
let counter = 0;

/** A clock the tests move: `set(date)`, `now()`. */
export function testClock(start = new Date()) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date: Date) => void (current = new Date(date)),
  };
}

export function videoTestKit(ctx: TestContext, clock: { now(): Date }) {
  const post = (headers: AuthHeaders, appointmentId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/appointments/${appointmentId}/video`, headers });

  const join = async (headers: AuthHeaders, appointmentId: string) => {
    const response = await post(headers, appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TVideoJoin>();
  };

  const signal = (headers: AuthHeaders, appointmentId: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/appointments/${appointmentId}/video/signal`,
      headers,
      payload,
    });

  /**
   * A practitioner, their patient, the person linked to that patient and a video visit
   * starting `startsInMinutes` from the clock's now (30 minutes long unless said).
   */
  const visit = async ({
    startsInMinutes = 5,
    duration = 30,
    kind = 'video',
  }: { startsInMinutes?: number; duration?: number; kind?: TAppointment['kind'] } = {}) => {
    counter += 1;
    const doctor = await practitioner(ctx, {
      name: `Dr Mei Lee ${counter}`,
      patient: { name: `Tomas Varga ${counter}` },
    });
    const patient = await signIn(ctx, { name: `Tomas Varga ${counter}` });
    await ctx.database.db.insert(patientLinks).values({
      ownerId: doctor.user._id,
      patientId: doctor.patient._id,
      userId: patient.user._id,
      relationship: 'self',
    });
    const appointment = await createAppointment(ctx, doctor.headers, {
      patientId: doctor.patient._id,
      start: new Date(clock.now().getTime() + startsInMinutes * MINUTE_MS).toISOString(),
      duration,
      kind,
    });
    return { doctor, patient, appointment };
  };

  /** The actor's video audit rows, oldest first. */
  const auditRows = async (actorId: string) => {
    const { rows } = await ctx.database.pool.query<{
      action: string;
      outcome: string;
      subject_id: string | null;
      patient_id: string | null;
    }>(
      `select action, outcome, subject_id, patient_id from audit_events
       where actor_id = $1 and action in ('join', 'enter_call', 'leave_call', 'signal') order by id`,
      [actorId],
    );
    return rows;
  };

  return { post, join, signal, visit, auditRows };
}
