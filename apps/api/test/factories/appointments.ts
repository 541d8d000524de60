import type { TAppointment, TAppointmentInput } from '@portal/shared/appointment';
import { appointmentInput } from '@portal/shared/appointment.factories';
import type { TestContext } from '../app.ts';

/** Test factories for appointments (imported by tests only). */

export function bookAppointment(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
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
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  input: Partial<TAppointmentInput> & Pick<TAppointmentInput, 'patientId'>,
): Promise<TAppointment> {
  const response = await bookAppointment(ctx, headers, input);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return response.json();
}
