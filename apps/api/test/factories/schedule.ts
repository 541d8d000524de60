import type { TScheduleInput } from '@portal/shared/profile';
import type { AuthHeaders, TestContext } from '../app.ts';

/** Test factories for the practitioner's schedule settings (imported by tests only). */

/** Saves the settings `input` names (the others stay as they were): the raw answer. */
export function putSchedule(
  ctx: Pick<TestContext, 'app'>,
  headers: AuthHeaders,
  input: TScheduleInput,
) {
  return ctx.app.inject({ method: 'PUT', url: '/api/user/schedule', headers, payload: input });
}
