import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import {
  createAllergy,
  createPrescription,
  stopPrescription,
} from '../../../test/factories/clinical.ts';
import { createPatient, trashPatient } from '../../../test/factories/patients.ts';
import { exportBundle, expectValidatorRequires } from '../../../test/fhir-export.ts';
import { validationProblems } from '../../../test/fhir-validation.ts';

const ctx = useTestApp();

describe('GET /api/records/patients/export?format=fhir (allergies and prescriptions)', () => {
  it('adds a valid AllergyIntolerance per allergy and MedicationRequest per prescription, trash left out', async () => {
    const user = await signIn(ctx, { name: 'Dr Lena Weber' });
    const patient = await createPatient(ctx, user.headers, { name: 'Amina Yusuf' });
    const trashed = await createPatient(ctx, user.headers, { name: 'Omar Haddad' });
    const allergy = await createAllergy(ctx, user.headers, patient._id, {
      substance: 'Penicillin',
      reaction: 'Hives',
      severity: 'severe',
    });
    const quiet = await createAllergy(ctx, user.headers, patient._id, {
      substance: 'Latex',
      reaction: '',
      severity: 'mild',
      status: 'resolved',
    });
    const active = await createPrescription(ctx, user.headers, patient._id, {
      medication: 'Ibuprofen',
      duration: '',
      endDate: '2026-04-01',
    });
    const stopped = await createPrescription(ctx, user.headers, patient._id, {
      medication: 'Salbutamol',
      route: 'inhaled',
      instructions: '',
    });
    await stopPrescription(ctx, user.headers, stopped, 'Tremor');
    await createAllergy(ctx, user.headers, trashed._id, { substance: 'Pollen' });
    await trashPatient(ctx, user.headers, trashed._id);

    const bundle = await exportBundle(ctx, user.headers);
    const entries = bundle.entry ?? [];
    for (const entry of entries) expect(validationProblems(entry.resource!)).toEqual([]);
    const ofType = (type: string) => entries.filter((e) => e.resource!.resourceType === type);

    const allergies = ofType('AllergyIntolerance');
    expect(allergies.map((e) => e.resource!.id)).toEqual([allergy._id, quiet._id]);
    expect(allergies[0]).toMatchObject({
      fullUrl: `urn:uuid:${allergy._id}`,
      resource: {
        clinicalStatus: { coding: [{ code: 'active' }] },
        criticality: 'high',
        code: { text: 'Penicillin' },
        patient: { reference: `urn:uuid:${patient._id}` },
        recorder: { display: 'Dr Lena Weber' },
        reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'severe' }],
      },
    });
    expect(allergies[1]!.resource).toMatchObject({
      clinicalStatus: { coding: [{ code: 'resolved' }] },
      criticality: 'low',
    });
    expect(allergies[1]!.resource!.reaction).toBeUndefined();

    const requests = ofType('MedicationRequest');
    expect(requests.map((e) => e.resource!.id)).toEqual([active._id, stopped._id]);
    expect(requests[0]!.resource).toMatchObject({
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Ibuprofen' },
      subject: { reference: `urn:uuid:${patient._id}` },
      dosageInstruction: [
        {
          text: '400 mg, 1 tablet, three times a day',
          patientInstruction: 'With food',
          timing: { repeat: { boundsPeriod: { end: '2026-04-01' } } },
          route: { coding: [{ system: 'http://snomed.info/sct', code: '26643006' }] },
        },
      ],
    });
    expect(requests[1]!.resource).toMatchObject({
      status: 'stopped',
      statusReason: { text: 'Tremor' },
    });
  });

  it('the validator refuses a MedicationRequest without a subject or an AllergyIntolerance without a patient', () => {
    const request = {
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Ibuprofen' },
      subject: { display: 'Amina' },
    };
    expectValidatorRequires(request, 'subject');
    const allergy = {
      resourceType: 'AllergyIntolerance',
      clinicalStatus: { coding: [{ code: 'active' }] },
      patient: { display: 'Amina' },
    };
    expectValidatorRequires(allergy, 'patient');
  });
});
