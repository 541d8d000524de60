import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/shared/errors';
import type { TPrescriptionVerification } from '@portal/shared/medicines';
import { useTestApp } from '../../../test/app.ts';
import { stopPrescription } from '../../../test/factories/clinical.ts';
import { auditEventsBy } from '../my-health/my-health.factories.ts';
import { MEDICINES_ENV, medicinesTestKit } from './medicines.factories.ts';
import { jtiOf } from '../../lib/prescription-keys.ts';
import { ANONYMOUS_ACTOR_ID, initialsOf } from './medicines.verification.ts';

const ctx = useTestApp({ env: MEDICINES_ENV });
const kit = () => medicinesTestKit(ctx);
const invalid = {
  code: 'PRESCRIPTION_TOKEN_INVALID',
  message: ERRORS.PRESCRIPTION_TOKEN_INVALID.message,
};

describe('GET /api/prescriptions/verify/{token}', () => {
  it('answers what a pharmacist needs and no more, counting each verification; never cached, audited as an anonymous read', async () => {
    const { verify, prescribed } = kit();
    const { prescription, token, doctor } = await prescribed({ medication: 'Amoxicillin' });
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = first.json() as TPrescriptionVerification;
    expect(answer).toEqual({
      medication: 'Amoxicillin',
      strength: prescription.strength,
      dose: prescription.dose,
      route: prescription.route,
      frequency: prescription.frequency,
      duration: prescription.duration,
      endDate: '',
      prescribedOn: prescription.createdAt.slice(0, 10),
      prescriber: { name: 'Dr Lena Hoffmann', practiceName: null },
      patient: { initials: 'A. L.', age: expect.any(Number) },
      status: 'active',
      dispensedAt: null,
      dispensedBy: null,
      expired: false,
      expiresAt: expect.any(String),
      verificationCount: 1,
    });
    const body = JSON.stringify(answer);
    for (const secret of ['Ada', 'Lovelace', '1990-06-15', doctor.patient._id, prescription._id])
      expect(body).not.toContain(secret);
    expect(((await verify(token)).json() as TPrescriptionVerification).verificationCount).toBe(2);
    const events = await auditEventsBy(ctx, ANONYMOUS_ACTOR_ID);
    expect(events.filter((event) => event.patient_id === doctor.patient._id)).toEqual([
      {
        patient_id: doctor.patient._id,
        action: 'verify',
        outcome: 'success',
        subject_kind: 'prescription',
      },
      {
        patient_id: doctor.patient._id,
        action: 'verify',
        outcome: 'success',
        subject_kind: 'prescription',
      },
    ]);
  });

  it('counts concurrent verifications each once', async () => {
    const { verify, prescribed } = kit();
    const { token } = await prescribed();
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(token)));
    const counts = answers.map((a) => (a.json() as TPrescriptionVerification).verificationCount);
    expect(counts.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('answers one 404 for a forged, altered, unknown-kid, malformed or unknown token, and for a record in the trash', async () => {
    const { verify, prescribed } = kit();
    const { token, doctor, patientId } = await prescribed();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const bad of [
      `${header}.${b64({ ...claims, jti: jtiOf(crypto.randomUUID()) })}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${b64({ alg: 'EdDSA', kid: 'elsewhere' })}.${payload}.${signature}`,
      `${b64({ alg: 'none' })}.${payload}.`,
      'abc',
      `${token}.x`,
    ]) {
      const response = await verify(bad);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json()).toEqual(invalid);
    }
    const trashed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/records/patients/${patientId}`,
      headers: doctor.headers,
    });
    expect(trashed.statusCode).toBe(204);
    expect((await verify(token)).json()).toEqual(invalid);
  });

  it('says stopped, with the stop reason kept back', async () => {
    const { verify, prescribed } = kit();
    const { token, doctor, prescription } = await prescribed();
    await stopPrescription(ctx, doctor.headers, prescription, 'Rash on the second day');
    const answer = (await verify(token)).json() as TPrescriptionVerification;
    expect(answer.status).toBe('stopped');
    expect(JSON.stringify(answer)).not.toContain('Rash');
  });

  it('is rate-limited per address, and never writes the token in the log', async () => {
    const { prescribed } = kit();
    const { token } = await prescribed();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await ctx.app.inject({
        url: `/api/prescriptions/verify/${token}`,
        remoteAddress: '203.0.113.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    await ctx.app.inject({ url: `/verify/${token}` });
    await ctx.app.inject({ url: `/verify/short` });
    const logs = ctx.logs.join('');
    expect(logs).toContain('/api/prescriptions/verify/[token]');
    expect(logs).toContain('"path":"/verify/[token]"');
    expect(logs).not.toContain(token.split('.')[2]!.slice(0, 20));
    expect(logs).not.toContain('/verify/short');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Ada Maria Lovelace')).toBe('A. L.');
    expect(initialsOf('  zhang  ')).toBe('Z.');
    expect(initialsOf('Émile Zola')).toBe('É. Z.');
  });
});

describe('POST /api/prescriptions/verify/{token}/dispense', () => {
  it('lets the staff (or owner) of an approved pharmacy dispense once; the practitioner and the patient see it', async () => {
    const { prescribed, pharmacy, dispense, verify, practitionerRead, linkedTo } = kit();
    const { token, doctor, prescription, patientId } = await prescribed();
    const shop = await pharmacy();
    const done = await dispense(shop.staff.headers, token, shop.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'dispensed',
      dispensedBy: 'Farmácia Central',
      dispensedAt: expect.any(String),
    });
    expect((await verify(token)).json()).toMatchObject({ status: 'dispensed' });
    expect(await practitionerRead(doctor.headers, prescription)).toMatchObject({
      dispensedBy: 'Farmácia Central',
      dispensedAt: expect.any(String),
    });
    const person = await linkedTo(doctor, patientId);
    const mine = await ctx.app.inject({
      url: `/api/me/patients/${patientId}/prescriptions`,
      headers: person.headers,
    });
    expect(mine.json()).toEqual({
      items: [
        expect.objectContaining({
          dispensedBy: 'Farmácia Central',
          verifyUrl: prescription.verifyUrl,
        }),
      ],
    });
    const again = await dispense(shop.owner.headers, token, shop.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PRESCRIPTION_ALREADY_DISPENSED' });
    const other = await pharmacy({ name: 'Farmácia Nova' });
    const second = await dispense(other.staff.headers, token, other.id);
    expect(second.json()).toMatchObject({ code: 'PRESCRIPTION_ALREADY_DISPENSED' });
    const events = await auditEventsBy(ctx, shop.staff.user._id);
    expect(events).toContainEqual({
      patient_id: patientId,
      action: 'dispense',
      outcome: 'success',
      subject_kind: 'prescription',
    });
  });

  it('of 20 concurrent dispenses exactly one succeeds', async () => {
    const { prescribed, pharmacy, dispense } = kit();
    const { token } = await prescribed();
    const shop = await pharmacy();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => dispense(shop.staff.headers, token, shop.id)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  it('refuses with 404 PHARMACY_NOT_FOUND anyone not staff of an approved pharmacy, and changes nothing', async () => {
    const { prescribed, pharmacy, dispense, verify } = kit();
    const { token, doctor } = await prescribed();
    const pending = await pharmacy({ isApproved: false });
    const clinic = await pharmacy({ kind: 'clinic', name: 'Clínica Sol' });
    const shop = await pharmacy();
    for (const [headers, facilityId] of [
      [pending.staff.headers, pending.id],
      [clinic.staff.headers, clinic.id],
      [doctor.headers, shop.id],
      [pending.staff.headers, shop.id],
    ] as const) {
      const response = await dispense(headers, token, facilityId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PHARMACY_NOT_FOUND' });
    }
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/prescriptions/verify/${token}/dispense`,
      payload: { facilityId: shop.id },
    });
    expect(guest.statusCode).toBe(401);
    const bad = await dispense(shop.staff.headers, token, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { facilityId: 'Please choose a pharmacy.' } });
    expect((await verify(token)).json()).toMatchObject({ status: 'active', dispensedAt: null });
  });

  it('refuses a stopped prescription with 409 PRESCRIPTION_NOT_DISPENSABLE', async () => {
    const { prescribed, pharmacy, dispense } = kit();
    const { token, doctor, prescription } = await prescribed();
    await stopPrescription(ctx, doctor.headers, prescription, 'Interaction');
    const shop = await pharmacy();
    const response = await dispense(shop.staff.headers, token, shop.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PRESCRIPTION_NOT_DISPENSABLE' });
  });
});
