import { describe, expect, it } from 'vitest';
import type { TPharmacyPrescription } from '@portal/shared/medicines';
import { ERRORS } from '@portal/shared/errors';
import type { TPrescription } from '@portal/shared/prescription';
import { prescriptionInput } from '../../../test/factories/clinical.ts';
import { auditEventsBy } from '../my-health/my-health.factories.ts';
import { medicinesTestApp } from './medicines.factories.ts';

const { ctx, sent, kit, call } = medicinesTestApp();

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
