import { ERRORS, type TErrorCode } from '@portal/shared/errors';
import type { TCreatedInvitation, TInvitationInput } from '@portal/shared/patient-access';
import { expect } from 'vitest';
import { signIn, type AuthHeaders, type TestContext } from '../../../test/app.ts';
import { createPatient } from '../../../test/factories/patients.ts';

/**
 * Test helpers of invitations and links (imported by tests only): a practitioner with a patient,
 * the routes as calls, and the audit rows of one actor.
 */
/** The invited record's date of birth, which a person without the invited e-mail gives. */
export const DATE_OF_BIRTH = '1961-09-17';
let counter = 0;
export const uniqueEmail = (name: string) => `${name}${++counter}-${process.pid}@example.test`;

export const errorOf = (code: TErrorCode) => ({ code, message: ERRORS[code].message });

/** The routes of invitations and links as calls on `ctx`'s app. */
export function accessTestKit(ctx: TestContext) {
  async function practitionerWithPatient(overrides: { dateOfBirth?: string } = {}) {
    const practitioner = await signIn(ctx, { name: 'Dr. Ines Carvalho' });
    const patient = await createPatient(ctx, practitioner.headers, {
      name: 'Lucia Ferreira',
      diagnosedWith: 'Type 1 diabetes',
      dateOfBirth: overrides.dateOfBirth ?? DATE_OF_BIRTH,
    });
    return { practitioner, patient };
  }

  async function invite(
    headers: AuthHeaders,
    patientId: string,
    body: TInvitationInput = { relationship: 'self' },
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/records/patients/${patientId}/invitation`,
      headers,
      payload: body,
    });
  }

  async function invited(headers: AuthHeaders, patientId: string, body?: TInvitationInput) {
    const response = await invite(headers, patientId, body);
    expect(response.statusCode).toBe(201);
    return response.json<TCreatedInvitation>();
  }

  const accept = (headers: AuthHeaders, body: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/me/links', headers, payload: body });

  const preview = (headers: AuthHeaders, code: string) =>
    ctx.app.inject({ url: `/api/me/invitations/${code}`, headers });

  const myLinks = (headers: AuthHeaders) => ctx.app.inject({ url: '/api/me/links', headers });

  const accessOf = (headers: AuthHeaders, patientId: string) =>
    ctx.app.inject({ url: `/api/records/patients/${patientId}/access`, headers });

  async function auditRows(actorId: string) {
    const { rows } = await ctx.database.pool.query<{
      patient_id: string | null;
      subject_kind: string | null;
      action: string;
      outcome: string;
    }>(
      'select patient_id, subject_kind, action, outcome from audit_events where actor_id = $1 order by id',
      [actorId],
    );
    return rows;
  }

  return {
    practitionerWithPatient,
    invite,
    invited,
    accept,
    preview,
    myLinks,
    accessOf,
    auditRows,
  };
}
