import { describe, expect, it } from 'vitest';
import { exportBundle } from '../../../test/fhir-export.ts';
import { validationProblems, type Bundle } from '../../../test/fhir-validation.ts';
import { medicinesTestApp } from './medicines.factories.ts';

const { ctx, kit, call } = medicinesTestApp();

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
