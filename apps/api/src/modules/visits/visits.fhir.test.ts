import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import {
  validateResource,
  validationProblems,
  type Resource,
} from '../../../test/fhir-validation.ts';
import { exportBundle, expectValidatorRequires } from '../../../test/fhir-export.ts';

const ctx = useTestApp();

const LOINC = 'http://loinc.org';

const loincOf = (resource: Resource) =>
  (resource.code as { coding: { system: string; code: string }[] }).coding.find(
    (coding) => coding.system === LOINC,
  )?.code;

describe('GET /api/records/patients/export?format=fhir: visits', () => {
  it('adds an Encounter per visit and its vital-sign Observations, all valid FHIR R4', async () => {
    const doctor = await signIn(ctx, { name: 'Dr Amal Haddad' });
    const patient = await createPatient(ctx, doctor.headers, { name: 'Bruno Costa' });
    const appointment = await createAppointment(ctx, doctor.headers, { patientId: patient._id });
    const signed = await signVisit(
      ctx,
      doctor.headers,
      await createVisit(ctx, doctor.headers, patient._id, { appointmentId: appointment._id }),
    );
    const draft = await createVisit(ctx, doctor.headers, patient._id, {
      occurredAt: '2026-04-01T08:00:00Z',
      reason: '',
      systolic: null,
      diastolic: null,
      height: null,
      temperature: null,
    });

    const bundle = await exportBundle(ctx, doctor.headers);
    expect(validationProblems(bundle)).toEqual([]);
    for (const entry of bundle.entry!) expect(validationProblems(entry.resource!)).toEqual([]);
    const ofType = (type: string) =>
      bundle
        .entry!.filter((entry) => entry.resource!.resourceType === type)
        .map((e) => e.resource!);
    const encounters = ofType('Encounter');
    expect(encounters.map((encounter) => encounter.id)).toEqual([draft._id, signed._id]);
    expect(ofType('Practitioner')).toHaveLength(1);
    expect(encounters[1]).toMatchObject({
      status: 'finished',
      class: { code: 'AMB' },
      subject: { reference: `urn:uuid:${patient._id}` },
      participant: [
        { individual: { reference: `urn:uuid:${doctor.user._id}`, display: 'Dr Amal Haddad' } },
      ],
      appointment: [{ reference: `urn:uuid:${appointment._id}` }],
      period: { start: signed.occurredAt },
      reasonCode: [{ text: 'Asthma review' }],
    });
    expect(encounters[0]).toMatchObject({ status: 'in-progress' });
    expect(encounters[0]!.reasonCode).toBeUndefined();

    const observations = ofType('Observation').filter(
      (observation) => (observation.encounter as { reference: string } | undefined) !== undefined,
    );
    const ofVisit = (id: string) =>
      observations.filter(
        (observation) =>
          (observation.encounter as { reference: string }).reference === `urn:uuid:${id}`,
      );
    const signedVitals = ofVisit(signed._id);
    expect(signedVitals.map(loincOf)).toEqual([
      '85354-9',
      '8867-4',
      '8310-5',
      '29463-7',
      '8302-2',
      '2708-6',
      '39156-5',
    ]);
    for (const observation of signedVitals) {
      expect(observation).toMatchObject({
        status: 'final',
        category: [{ coding: [{ code: 'vital-signs' }] }],
        subject: { reference: `urn:uuid:${patient._id}` },
        effectiveDateTime: signed.occurredAt,
      });
    }
    const panel = signedVitals.find((observation) => loincOf(observation) === '85354-9')!;
    expect(panel.valueQuantity).toBeUndefined();
    expect(panel.component).toEqual([
      expect.objectContaining({
        code: expect.objectContaining({ coding: [expect.objectContaining({ code: '8480-6' })] }),
        valueQuantity: {
          value: 128,
          unit: 'mmHg',
          system: 'http://unitsofmeasure.org',
          code: 'mm[Hg]',
        },
      }),
      expect.objectContaining({
        code: expect.objectContaining({ coding: [expect.objectContaining({ code: '8462-4' })] }),
        valueQuantity: expect.objectContaining({ value: 82 }),
      }),
    ]);
    const bmi = signedVitals.find((observation) => loincOf(observation) === '39156-5')!;
    expect(bmi.valueQuantity).toEqual({
      value: 25.1,
      unit: 'kg/m2',
      system: 'http://unitsofmeasure.org',
      code: 'kg/m2',
    });
    const temperature = signedVitals.find((observation) => loincOf(observation) === '8310-5')!;
    expect(temperature.valueQuantity).toMatchObject({ value: 36.8, code: 'Cel' });

    // The draft measured no blood pressure, height or temperature, so no panel and no BMI.
    const draftVitals = ofVisit(draft._id);
    expect(draftVitals.map(loincOf)).toEqual(['8867-4', '29463-7', '2708-6']);
    expect(draftVitals[0]).toMatchObject({ status: 'preliminary' });
  });

  it('writes the Practitioner once, with visits and no appointments', async () => {
    const doctor = await signIn(ctx);
    const patient = await createPatient(ctx, doctor.headers);
    await createVisit(ctx, doctor.headers, patient._id);
    const bundle = await exportBundle(ctx, doctor.headers);
    const types = bundle.entry!.map((entry) => entry.resource!.resourceType);
    expect(types.filter((type) => type === 'Practitioner')).toHaveLength(1);
    expect(types.indexOf('Practitioner')).toBeLessThan(types.indexOf('Encounter'));
  });

  it('the validator refuses an Encounter without its class or a panel component without its code', () => {
    const encounter = {
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    };
    expectValidatorRequires(encounter, 'class');
    expect(() =>
      validateResource({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: LOINC, code: '85354-9' }] },
        component: [{ valueQuantity: { value: 120 } }],
      } as Resource),
    ).toThrow(/Missing required property/);
  });
});
