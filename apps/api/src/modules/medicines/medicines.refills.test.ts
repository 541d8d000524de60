import { describe, expect, it } from 'vitest';
import type { TRefillRequest } from '@portal/shared/medicines';
import type { TPrescription } from '@portal/shared/prescription';
import { createAllergy, prescriptionInput } from '../../../test/factories/clinical.ts';
import { auditEventsBy } from '../my-health/my-health.factories.ts';
import { medicinesTestApp } from './medicines.factories.ts';

const { ctx, sent, kit, call, askRefill } = medicinesTestApp();

describe('refill requests', () => {
  it('a linked person asks, the practitioner sees and counts it, approves with a new prescription; the person reads the answer and is e-mailed without the medicine', async () => {
    const { prescribed, linkedTo } = kit();
    const { doctor, patientId, prescription } = await prescribed({ medication: 'Amlodipine' });
    const person = await linkedTo(doctor, patientId);
    const asked = await askRefill(
      person.headers,
      { patientId, prescriptionId: prescription._id },
      { note: 'Running out on Friday' },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.headers['cache-control']).toBe('no-store');
    const request = asked.json() as TRefillRequest;
    expect(request).toMatchObject({
      prescriptionId: prescription._id,
      medication: 'Amlodipine',
      note: 'Running out on Friday',
      status: 'open',
      requestedBy: 'Ana Lima',
    });
    const twice = await askRefill(person.headers, { patientId, prescriptionId: prescription._id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'REFILL_ALREADY_OPEN' });
    const count = await call('GET', '/api/records/refill-requests/count', doctor.headers);
    expect(count.json()).toEqual({ open: 1 });
    const list = await call(
      'GET',
      `/api/records/patients/${patientId}/refill-requests?status=open`,
      doctor.headers,
    );
    expect(list.headers['x-total-count']).toBe('1');
    expect((list.json() as TRefillRequest[]).map((r) => r._id)).toEqual([request._id]);
    sent.length = 0;
    const approved = await call(
      'POST',
      `/api/records/patients/${patientId}/refill-requests/${request._id}/approve`,
      doctor.headers,
      prescriptionInput({ medication: 'Amlodipine', strength: '10 mg' }),
    );
    expect(approved.statusCode, approved.body).toBe(201);
    const written = approved.json() as TPrescription;
    expect(written).toMatchObject({
      medication: 'Amlodipine',
      strength: '10 mg',
      status: 'active',
    });
    expect(written.verifyUrl).not.toBe(prescription.verifyUrl);
    const mine = await call('GET', `/api/me/patients/${patientId}/refill-requests`, person.headers);
    expect(mine.json()).toEqual([
      expect.objectContaining({ status: 'approved', newPrescriptionId: written._id }),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: person.user.email,
      subject: 'Your refill request was answered',
    });
    expect(sent[0]!.text).not.toContain('Amlodipine');
    expect(
      (await call('GET', '/api/records/refill-requests/count', doctor.headers)).json(),
    ).toEqual({ open: 0 });
    const again = await call(
      'POST',
      `/api/records/patients/${patientId}/refill-requests/${request._id}/decline`,
      doctor.headers,
      { message: 'No' },
    );
    expect(again.json()).toMatchObject({ code: 'REFILL_ALREADY_ANSWERED' });
    expect(await auditEventsBy(ctx, person.user._id)).toContainEqual({
      patient_id: patientId,
      action: 'request_refill',
      outcome: 'success',
      subject_kind: 'refill',
    });
  });

  it('approving meets the allergy warning like any prescription, and the request stays open; decline needs a message', async () => {
    const { prescribed, linkedTo } = kit();
    const { doctor, patientId, prescription } = await prescribed({ medication: 'Amoxicillin' });
    await createAllergy(ctx, doctor.headers, patientId, { substance: 'Penicillin' });
    const person = await linkedTo(doctor, patientId);
    const request = (
      await askRefill(person.headers, { patientId, prescriptionId: prescription._id })
    ).json() as TRefillRequest;
    const url = `/api/records/patients/${patientId}/refill-requests/${request._id}`;
    const warned = await call(
      'POST',
      `${url}/approve`,
      doctor.headers,
      prescriptionInput({ medication: 'Amoxicillin' }),
    );
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: 'ALLERGY_WARNING' });
    const empty = await call('POST', `${url}/decline`, doctor.headers, { message: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      fieldErrors: { message: 'Please write a message for the patient.' },
    });
    const declined = await call('POST', `${url}/decline`, doctor.headers, {
      message: 'Please book a visit first.',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      message: 'Please book a visit first.',
    });
  });
});
