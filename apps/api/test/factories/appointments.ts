import type { TAppointment, TAppointmentInput } from '@portal/shared/appointment';
import { appointmentInput } from '@portal/shared/appointment.factories';
import type { TestContext } from '../app.ts';
import { expectStatus } from './entity.ts';

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
  ...args: Parameters<typeof bookAppointment>
): Promise<TAppointment> {
  return expectStatus<TAppointment>(await bookAppointment(...args), 201, 'booking');
}
