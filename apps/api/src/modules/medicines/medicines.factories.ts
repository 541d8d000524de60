import { expect } from 'vitest';
import type { TPrescription } from '@portal/shared/prescription';
import { signIn, useTestApp, type AuthHeaders, type TestContext } from '../../../test/app.ts';
import { keptMail } from '../../../test/mail.ts';
import { createPrescription } from '../../../test/factories/clinical.ts';
import { practitioner } from '../../../test/patient-resources.ts';
import { directoryTestKit, REVIEWER_ENV, uniqueEmail } from '../directory/directory.factories.ts';
import { linkPatient } from '../my-health/my-health.factories.ts';

/** The directory's reviewer: the medicines' tests approve their pharmacies. */
export const MEDICINES_ENV = REVIEWER_ENV;

/**
 * A test app for the medicines' routes (call at a test file's top level): the e-mails it sent,
 * the factories below, and an injected request as a signed-in person, or a guest without headers.
 */
export function medicinesTestApp() {
  const mail = keptMail();
  const ctx = useTestApp({ env: MEDICINES_ENV, deps: { mailer: mail } });
  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers?: AuthHeaders,
    payload?: Record<string, unknown>,
  ) => ctx.app.inject({ method, url, ...(headers && { headers }), ...(payload && { payload }) });
  /** A linked person asks for a refill of the patient's prescription (`body`: the note). */
  const askRefill = (
    headers: AuthHeaders,
    { patientId, prescriptionId }: { patientId: string; prescriptionId: string },
    body: { note?: string } = {},
  ) =>
    call(
      'POST',
      `/api/me/patients/${patientId}/prescriptions/${prescriptionId}/refill-requests`,
      headers,
      body,
    );
  return { ctx, sent: mail.sent, kit: () => medicinesTestKit(ctx), call, askRefill };
}

/**
 * Test factories of the medicines' routes (imported by tests only): pharmacies with staff,
 * prescriptions with their tokens, and people linked to their patients. Staff are written
 * straight into `facility_staff`: how one is invited is tested where it is made.
 */
export function medicinesTestKit(ctx: TestContext) {
  const directory = directoryTestKit(ctx);

  /** A pharmacy of the directory, approved unless `isApproved` is false, with one staff member. */
  async function pharmacy({
    name = 'Farmácia Central',
    kind = 'pharmacy',
    isApproved = true,
  }: { name?: string; kind?: 'pharmacy' | 'clinic'; isApproved?: boolean } = {}) {
    const owner = await signIn(ctx, { name: 'Rui Costa', email: uniqueEmail('pharmacy-owner') });
    const facility = await directory.createFacility(owner.headers, { kind, name });
    if (isApproved) await directory.approve('facilities', facility._id);
    const staff = await signIn(ctx, { name: 'Inês Sousa', email: uniqueEmail('pharmacist') });
    await ctx.database.pool.query(
      `insert into facility_staff (facility_id, email, code_hash, expires_at, user_id, accepted_at)
       values ($1, $2, md5(random()::text), now(), $3, now())`,
      [facility._id, staff.user.email, staff.user._id],
    );
    return { id: facility._id, name, owner, staff };
  }

  /** A practitioner, their patient (with a date of birth) and one prescription with its token. */
  async function prescribed(input: Parameters<typeof createPrescription>[3] = {}) {
    const doctor = await practitioner(ctx, {
      name: 'Dr Lena Hoffmann',
      patient: { name: 'Ada Maria Lovelace', dateOfBirth: '1990-06-15', age: 35 },
    });
    const prescription = await createPrescription(ctx, doctor.headers, doctor.patient._id, input);
    const token = prescription.verifyUrl!.split('/verify/')[1]!;
    return { doctor, patientId: doctor.patient._id, prescription, token };
  }

  /** A person with a live link to the patient. */
  async function linkedTo(doctor: { user: { _id: string } }, patientId: string) {
    const person = await signIn(ctx, { name: 'Ana Lima', email: uniqueEmail('linked') });
    await linkPatient(ctx, { ownerId: doctor.user._id, patientId, userId: person.user._id });
    return person;
  }

  let address = 0;
  /** `GET /api/prescriptions/verify/{token}` as a guest, each from its own address. */
  const verify = (token: string) =>
    ctx.app.inject({
      url: `/api/prescriptions/verify/${token}`,
      remoteAddress: `198.18.${Math.floor(++address / 250)}.${address % 250}`,
    });

  const dispense = (headers: AuthHeaders, token: string, facilityId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/prescriptions/verify/${token}/dispense`,
      headers,
      payload: { facilityId },
    });

  /** The practitioner's read of the prescription. */
  const practitionerRead = async (headers: AuthHeaders, p: TPrescription) => {
    const response = await ctx.app.inject({
      url: `/api/records/patients/${p.patientId}/prescriptions/${p._id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TPrescription;
  };

  return { directory, pharmacy, prescribed, linkedTo, verify, dispense, practitionerRead };
}
