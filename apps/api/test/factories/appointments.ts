import type { TAppointment, TAppointmentInput } from '@portal/shared/appointment';
import { appointmentInput } from '@portal/shared/appointment.factories';
import type { AuthHeaders, TestContext } from '../app.ts';
import { practitioner } from '../patient-resources.ts';
import { expectStatus } from './entity.ts';

/** Test factories for appointments (imported by tests only). */

export function bookAppointment(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  input: Partial<TAppointmentInput> & Pick<TAppointmentInput, 'patientId'>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers,
    payload: appointmentInput(input),
  });
}

export async function createAppointment(
  ...args: Parameters<typeof bookAppointment>
): Promise<TAppointment> {
  return expectStatus<TAppointment>(await bookAppointment(...args), 201, 'booking');
}

/**
 * A signed-in practitioner with a patient (`practitioner`'s options), and `book` (the answer)
 * and `create` (the stored appointment) for that patient: the input without its `patientId`.
 */
export async function bookingPractitioner(
  ctx: TestContext,
  options?: Parameters<typeof practitioner>[1],
) {
  const session = await practitioner(ctx, options);
  const forPatient = (input: Partial<TAppointmentInput>) => ({
    patientId: session.patient._id,
    ...input,
  });
  return {
    ...session,
    book: (input: Partial<TAppointmentInput> = {}) =>
      bookAppointment(ctx, session.headers, forPatient(input)),
    create: (input: Partial<TAppointmentInput> = {}) =>
      createAppointment(ctx, session.headers, forPatient(input)),
  };
}

/** An appointment, or an action on it (`appointmentUrl(id, 'cancel')`). */
export const appointmentUrl = (id: string, ...rest: string[]) =>
  ['/api/appointments', id, ...rest].join('/');

export async function readAppointment(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  id: string,
): Promise<TAppointment> {
  const response = await ctx.app.inject({ url: appointmentUrl(id), headers });
  return expectStatus<TAppointment>(response, 200, 'reading the appointment');
}

/** Replaces a stored appointment with the input from `input` (for its patient unless it says). */
export function putAppointment(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  appointment: Pick<TAppointment, '_id' | 'patientId'>,
  input: Partial<TAppointmentInput> = {},
) {
  return ctx.app.inject({
    method: 'PUT',
    url: appointmentUrl(appointment._id),
    headers,
    payload: appointmentInput({ patientId: appointment.patientId, ...input }),
  });
}

export function cancelAppointment(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  appointment: Pick<TAppointment, '_id'>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: appointmentUrl(appointment._id, 'cancel'),
    headers,
  });
}
