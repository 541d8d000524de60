import { describe, expect, it } from 'vitest';
import type { TPharmacyPrescription, TRefillRequest } from '@portal/shared/medicines';
import { ERRORS } from '@portal/shared/errors';
import type { TPrescription } from '@portal/shared/prescription';
import { signIn, useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { createAllergy, prescriptionInput } from '../../../test/factories/clinical.ts';
import { exportBundle } from '../../../test/fhir-export.ts';
import { validationProblems, type Bundle } from '../../../test/fhir-validation.ts';
import { keptMail } from '../../../test/mail.ts';
import { auditEventsBy } from '../my-health/my-health.factories.ts';
import { MEDICINES_ENV, medicinesTestKit } from './medicines.factories.ts';

const mail = keptMail();
const { sent } = mail;
const ctx = useTestApp({ env: MEDICINES_ENV, deps: { mailer: mail } });
const kit = () => medicinesTestKit(ctx);

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers?: AuthHeaders,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, ...(headers && { headers }), ...(payload && { payload }) });

describe('refill requests', () => {
  it('a linked person asks, the practitioner sees and counts it, approves with a new prescription; the person reads the answer and is e-mailed without the medicine', async () => {
    const { prescribed, linkedTo } = kit();
    const { doctor, patientId, prescription } = await prescribed({ medication: 'Amlodipine' });
    const person = await linkedTo(doctor, patientId);
    const asked = await call(
      'POST',
      `/api/me/patients/${patientId}/prescriptions/${prescription._id}/refill-requests`,
      person.headers,
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
    const twice = await call(
      'POST',
      `/api/me/patients/${patientId}/prescriptions/${prescription._id}/refill-requests`,
      person.headers,
      {},
    );
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
      await call(
        'POST',
        `/api/me/patients/${patientId}/prescriptions/${prescription._id}/refill-requests`,
        person.headers,
        {},
      )
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

describe('sending to a pharmacy', () => {
  it('the patient sends it; the pharmacy lists it with the full name, marks it ready (the patient is e-mailed the pharmacy, not the medicine), then dispensed, once', async () => {
    const { prescribed, linkedTo, pharmacy, verify } = kit();
    const { doctor, patientId, prescription, token } = await prescribed({
      medication: 'Salbutamol',
    });
    const person = await linkedTo(doctor, patientId);
    const shop = await pharmacy();
    const other = await pharmacy({ name: 'Farmácia Nova' });
    const sentTo = await call(
      'POST',
      `/api/me/patients/${patientId}/prescriptions/${prescription._id}/pharmacy`,
      person.headers,
      { facilityId: shop.id },
    );
    expect(sentTo.statusCode, sentTo.body).toBe(200);
    expect(sentTo.json()).toMatchObject({ pharmacyId: shop.id, sentAt: expect.any(String) });
    const listed = await call(
      'GET',
      `/api/pharmacy/prescriptions?facilityId=${shop.id}`,
      shop.staff.headers,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const [item] = listed.json() as TPharmacyPrescription[];
    expect(item).toMatchObject({
      _id: prescription._id,
      medication: 'Salbutamol',
      patient: { name: 'Ada Maria Lovelace', initials: 'A. L.' },
      pharmacyStatus: 'sent',
    });
    expect(
      (
        await call('GET', `/api/pharmacy/prescriptions?facilityId=${other.id}`, other.staff.headers)
      ).json(),
    ).toEqual([]);
    expect(
      (await call('GET', `/api/pharmacy/prescriptions?facilityId=${shop.id}`, other.staff.headers))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/api/pharmacy/prescriptions/${prescription._id}/ready`,
          other.staff.headers,
        )
      ).statusCode,
    ).toBe(404);
    sent.length = 0;
    const ready = await call(
      'POST',
      `/api/pharmacy/prescriptions/${prescription._id}/ready`,
      shop.staff.headers,
    );
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ pharmacyStatus: 'ready', readyAt: expect.any(String) });
    expect(sent).toEqual([
      expect.objectContaining({
        to: person.user.email,
        subject: 'Your prescription is ready for pickup',
      }),
    ]);
    expect(sent[0]!.text).toContain('Farmácia Central');
    expect(sent[0]!.text).not.toContain('Salbutamol');
    const done = await call(
      'POST',
      `/api/pharmacy/prescriptions/${prescription._id}/dispensed`,
      shop.staff.headers,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      pharmacyStatus: 'dispensed',
      dispensedBy: 'Farmácia Central',
    });
    const twice = await call(
      'POST',
      `/api/pharmacy/prescriptions/${prescription._id}/dispensed`,
      shop.staff.headers,
    );
    expect(twice.json()).toMatchObject({ code: 'PRESCRIPTION_ALREADY_DISPENSED' });
    expect((await verify(token)).json()).toMatchObject({ status: 'dispensed' });
    const filtered = await call(
      'GET',
      `/api/pharmacy/prescriptions?facilityId=${shop.id}&status=sent`,
      shop.staff.headers,
    );
    expect(filtered.json()).toEqual([]);
  });

  it('the practitioner reads the pharmacy the patient chose: the one they last sent a prescription to, audited, never cached', async () => {
    const { prescribed, linkedTo, pharmacy } = kit();
    const { doctor, patientId, prescription } = await prescribed();
    const person = await linkedTo(doctor, patientId);
    const first = await pharmacy({ name: 'Farmácia Central' });
    const second = await pharmacy({ name: 'Farmácia do Rossio' });
    const chosen = () => call('GET', `/api/records/patients/${patientId}/pharmacy`, doctor.headers);
    const none = await chosen();
    expect(none.statusCode).toBe(200);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.json()).toEqual({ pharmacy: null, sentAt: null });
    const send = (facilityId: string) =>
      call(
        'POST',
        `/api/me/patients/${patientId}/prescriptions/${prescription._id}/pharmacy`,
        person.headers,
        { facilityId },
      );
    await send(first.id);
    const sent = (await send(second.id)).json() as TPrescription;
    expect((await chosen()).json()).toEqual({
      pharmacy: {
        _id: second.id,
        name: 'Farmácia do Rossio',
        address: expect.any(String),
        city: expect.any(String),
      },
      sentAt: sent.sentAt,
    });
    const reads = (await auditEventsBy(ctx, doctor.user._id)).filter(
      (event) => event.action === 'read',
    );
    expect(reads).toEqual([
      expect.objectContaining({ patient_id: patientId, outcome: 'success' }),
      expect.objectContaining({ patient_id: patientId, outcome: 'success' }),
    ]);
    // Another practitioner's read of this patient is refused.
    const other = (await prescribed()).doctor;
    expect(
      (await call('GET', `/api/records/patients/${patientId}/pharmacy`, other.headers)).json(),
    ).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
  });

  it('the practitioner sends it too; only an active prescription to an approved pharmacy', async () => {
    const { prescribed, pharmacy } = kit();
    const { doctor, patientId, prescription } = await prescribed();
    const pending = await pharmacy({ isApproved: false });
    const shop = await pharmacy();
    const url = `/api/records/patients/${patientId}/prescriptions/${prescription._id}/pharmacy`;
    const refused = await call('POST', url, doctor.headers, { facilityId: pending.id });
    expect(refused.json()).toMatchObject({ code: 'PHARMACY_NOT_FOUND' });
    const ok = await call('POST', url, doctor.headers, { facilityId: shop.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ pharmacyId: shop.id });
    await call(
      'POST',
      `/api/records/patients/${patientId}/prescriptions/${prescription._id}/stop`,
      doctor.headers,
      {
        reason: 'Side effects',
      },
    );
    const stopped = await call('POST', url, doctor.headers, { facilityId: shop.id });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json()).toMatchObject({ code: 'PRESCRIPTION_NOT_ACTIVE' });
  });
});

describe('a dispensed prescription', () => {
  it('keeps what was handed out: a change is 409 PRESCRIPTION_DISPENSED_LOCKED and changes nothing; its status may still change, and it may be stopped', async () => {
    const { prescribed, pharmacy, dispense, practitionerRead } = kit();
    const input = { medication: 'Amoxicillin', strength: '500 mg', duration: '7 days' };
    const { doctor, prescription, token } = await prescribed(input);
    const shop = await pharmacy();
    expect((await dispense(shop.staff.headers, token, shop.id)).statusCode).toBe(200);
    const dispensed = await practitionerRead(doctor.headers, prescription);
    const url = `/api/records/patients/${prescription.patientId}/prescriptions/${prescription._id}`;
    const put = (changes: object) =>
      ctx.app.inject({
        method: 'PUT',
        url,
        headers: doctor.headers,
        payload: prescriptionInput({ ...input, ...changes }),
      });
    for (const changes of [{ dose: '2 capsules' }, { strength: '250 mg' }, { instructions: 'x' }]) {
      const refused = await put(changes);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'PRESCRIPTION_DISPENSED_LOCKED',
        message: ERRORS.PRESCRIPTION_DISPENSED_LOCKED.message,
      });
    }
    expect(await practitionerRead(doctor.headers, prescription)).toEqual(dispensed);
    const updates = (await auditEventsBy(ctx, doctor.user._id)).filter(
      (event) => event.action === 'update',
    );
    expect(updates.map((event) => event.outcome)).toEqual(['conflict', 'conflict', 'conflict']);
    const completed = await put({ status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({
      status: 'completed',
      dose: dispensed.dose,
      dispensedBy: shop.name,
    });
    const stopped = await call('POST', `${url}/stop`, doctor.headers, { reason: 'Rash' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      status: 'stopped',
      dispensedAt: dispensed.dispensedAt,
    });
  });
});

describe('privacy matrix of the medicines routes', () => {
  it('answers each route only to whom it belongs: 404 (or 401 for a guest) to everyone else', async () => {
    const { prescribed, linkedTo, pharmacy } = kit();
    const { doctor, patientId, prescription } = await prescribed();
    const person = await linkedTo(doctor, patientId);
    const shop = await pharmacy();
    const otherShop = await pharmacy({ name: 'Farmácia Nova' });
    const otherDoctor = await signIn(ctx, { name: 'Dr B' });
    const stranger = await signIn(ctx, { name: 'Stranger' });
    await call(
      'POST',
      `/api/me/patients/${patientId}/prescriptions/${prescription._id}/pharmacy`,
      person.headers,
      {
        facilityId: shop.id,
      },
    );
    const request = (
      await call(
        'POST',
        `/api/me/patients/${patientId}/prescriptions/${prescription._id}/refill-requests`,
        person.headers,
        {},
      )
    ).json() as TRefillRequest;
    type Who = 'doctor' | 'otherDoctor' | 'linked' | 'stranger' | 'shop' | 'otherShop' | 'guest';
    const headersOf: Record<Who, AuthHeaders | undefined> = {
      doctor: doctor.headers,
      otherDoctor: otherDoctor.headers,
      linked: person.headers,
      stranger: stranger.headers,
      shop: shop.staff.headers,
      otherShop: otherShop.staff.headers,
      guest: undefined,
    };
    const routes: { method: 'GET' | 'POST'; url: string; allowed: Who[] }[] = [
      { method: 'GET', url: `/api/me/patients/${patientId}/refill-requests`, allowed: ['linked'] },
      {
        method: 'GET',
        url: `/api/records/patients/${patientId}/refill-requests`,
        allowed: ['doctor'],
      },
      {
        method: 'GET',
        url: `/api/pharmacy/prescriptions?facilityId=${shop.id}`,
        allowed: ['shop'],
      },
      { method: 'GET', url: `/api/records/patients/${patientId}/pharmacy`, allowed: ['doctor'] },
      {
        method: 'GET',
        url: `/api/records/patients/${patientId}/prescriptions/${prescription._id}`,
        allowed: ['doctor'],
      },
      {
        method: 'POST',
        url: `/api/records/patients/${patientId}/refill-requests/${request._id}/decline`,
        allowed: [],
      },
    ];
    for (const route of routes)
      for (const who of Object.keys(headersOf) as Who[]) {
        if (route.allowed.includes(who)) {
          const ok = await call(route.method, route.url, headersOf[who]);
          expect(ok.statusCode, `${who} ${route.url}`).toBe(200);
          continue;
        }
        if (route.method === 'POST' && who === 'doctor') continue;
        const response = await call(
          route.method,
          route.url,
          headersOf[who],
          route.method === 'POST' ? { message: 'x' } : undefined,
        );
        expect(response.statusCode, `${who} ${route.url}`).toBe(who === 'guest' ? 401 : 404);
      }
    // The pharmacy's ready action: only the staff of the pharmacy it was sent to.
    for (const who of ['doctor', 'otherDoctor', 'linked', 'stranger', 'otherShop'] as const) {
      const response = await call(
        'POST',
        `/api/pharmacy/prescriptions/${prescription._id}/ready`,
        headersOf[who],
      );
      expect(response.statusCode, who).toBe(404);
    }
    expect(
      (await call('GET', '/api/records/refill-requests/count', otherDoctor.headers)).json(),
    ).toEqual({ open: 0 });
  });
});

describe('FHIR', () => {
  it('exports a dispensed prescription as a valid MedicationDispense, in the patient’s record and the practitioner’s export', async () => {
    const { prescribed, linkedTo, pharmacy, dispense } = kit();
    const { doctor, patientId, prescription, token } = await prescribed({
      medication: 'Metformin',
    });
    const person = await linkedTo(doctor, patientId);
    const shop = await pharmacy();
    expect((await dispense(shop.staff.headers, token, shop.id)).statusCode).toBe(200);
    const record = await call('GET', `/api/me/patients/${patientId}/record`, person.headers);
    expect(record.statusCode, record.body).toBe(200);
    const practitionerExport = await exportBundle(ctx, doctor.headers);
    for (const bundle of [record.json() as Bundle, practitionerExport]) {
      const dispensed = bundle
        .entry!.map((entry) => entry.resource!)
        .filter((resource) => resource.resourceType === 'MedicationDispense');
      expect(dispensed).toEqual([
        expect.objectContaining({
          status: 'completed',
          medicationCodeableConcept: { text: 'Metformin' },
          authorizingPrescription: [{ reference: `urn:uuid:${prescription._id}` }],
          performer: [{ actor: { display: 'Farmácia Central' } }],
        }),
      ]);
      expect(validationProblems(dispensed[0]!)).toEqual([]);
    }
  });
});
