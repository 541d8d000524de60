import { describe, expect, it } from 'vitest';
import { signIn, useSignedInUser, useTestApp } from '../../../test/app.ts';
import { parseCsv } from '../../../test/csv.ts';
import { CSV_COLUMNS } from '../patients/patients.csv.ts';
import { createPatient, seedPatients, trashPatient } from '../../../test/factories/patients.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { APPOINTMENT_MODE_URL } from '../appointments/appointments.fhir.ts';
import {
  validateResource,
  validationProblems,
  type Bundle,
  type Resource,
} from '../../../test/fhir-validation.ts';
import { practiceInput } from '@portal/shared/practice.factories';

const ctx = useTestApp();
const user = useSignedInUser(ctx);

const exportAs = (format: string, headers = user.headers) =>
  ctx.app.inject({ url: `/api/records/patients/export?format=${format}`, headers });

describe('GET /api/records/patients/export?format=fhir', () => {
  it('answers a valid FHIR R4 collection Bundle: Patient, Condition and Observation per patient', async () => {
    const genders = {
      Male: 'male',
      Female: 'female',
      Other: 'other',
      'Prefer not to say': 'unknown',
    } as const;
    const created = [];
    for (const gender of Object.keys(genders) as (keyof typeof genders)[]) {
      created.push(
        await createPatient(ctx, user.headers, {
          gender,
          age: 40,
          bloodGroup: 'AB-',
          diagnosedWith: `Asthma (${gender})`,
          email: gender === 'Other' ? '' : `${gender.length}@example.com`,
        }),
      );
    }
    const response = await exportAs('fhir');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="patients-/);
    const bundle = response.json() as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validationProblems(bundle)).toEqual([]);
    expect(bundle.entry).toHaveLength(created.length * 3);

    const year = new Date().getUTCFullYear();
    for (const patient of created) {
      const entry = bundle.entry!.find((e) => e.resource?.id === patient._id)!;
      expect(entry.fullUrl).toBe(`urn:uuid:${patient._id}`);
      const resource = entry.resource!;
      expect(validationProblems(resource)).toEqual([]);
      expect(resource).toMatchObject({
        resourceType: 'Patient',
        name: [{ text: patient.name }],
        gender: genders[patient.gender!],
        birthDate: String(year - 40),
        address: [{ text: patient.address }],
        contact: [
          {
            relationship: [
              {
                coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C' }],
              },
            ],
            telecom: [{ system: 'phone', value: patient.emergencyContact.phone }],
          },
        ],
      });
      expect(resource.telecom).toEqual([
        { system: 'phone', value: patient.phone, use: 'mobile' },
        ...(patient.email ? [{ system: 'email', value: patient.email }] : []),
      ]);
      const about = bundle.entry!.filter(
        (e) =>
          (e.resource as { subject?: { reference?: string } }).subject?.reference === entry.fullUrl,
      );
      const condition = about.find((e) => e.resource?.resourceType === 'Condition')!;
      expect(condition.resource).toMatchObject({ code: { text: patient.diagnosedWith } });
      expect(condition.fullUrl).toBe(`urn:uuid:${condition.resource!.id}`);
      const observation = about.find((e) => e.resource?.resourceType === 'Observation')!;
      expect(observation.resource).toMatchObject({
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '882-1' }] },
        valueCodeableConcept: {
          coding: [{ system: 'http://snomed.info/sct', code: '278154007' }],
          text: 'AB-',
        },
      });
    }
    const ids = bundle.entry!.map((e) => e.resource!.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // The validator does not check codes against value sets, so the status map is asserted code by
  // code here (FHIR spells no-show `noshow`).
  it('names the practice and the registration number on the Practitioner, and the date of birth on the Patient', async () => {
    const doctor = await signIn(ctx, { name: 'Dr Rita Sousa' });
    const practice = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/practice',
      headers: doctor.headers,
      payload: practiceInput({ cancellationNoticeHours: null }),
    });
    expect(practice.statusCode).toBe(200);
    const patient = await createPatient(ctx, doctor.headers, { dateOfBirth: '1984-07-09' });
    await createAppointment(ctx, doctor.headers, {
      patientId: patient._id,
      start: '2026-03-02T09:00:00.000Z',
    });
    const bundle = (await exportAs('fhir', doctor.headers)).json() as Bundle;
    expect(validationProblems(bundle)).toEqual([]);
    const resource = (type: string) =>
      bundle.entry!.find((e) => e.resource!.resourceType === type)!.resource!;
    expect(resource('Patient').birthDate).toBe('1984-07-09');
    const practitioner = resource('Practitioner');
    expect(validationProblems(practitioner)).toEqual([]);
    expect(practitioner).toMatchObject({
      identifier: [{ use: 'official', value: 'OM 54321', type: { coding: [{ code: 'PRN' }] } }],
      telecom: [{ system: 'email' }, { system: 'phone', value: '+351221234567', use: 'work' }],
      address: [
        {
          use: 'work',
          text: 'Clínica do Rio, Rua das Flores 12, 2.º esquerdo, 4050-262 Porto, PT',
          line: ['Rua das Flores 12', '2.º esquerdo'],
          city: 'Porto',
          postalCode: '4050-262',
          country: 'PT',
        },
      ],
    });
  });

  it('adds an Appointment per appointment, status mapped, with the Patient and the Practitioner as participants', async () => {
    const doctor = await signIn(ctx, { name: 'Dr Amal Haddad', email: 'amal.fhir@example.test' });
    const patient = await createPatient(ctx, doctor.headers, { name: 'Bruno Costa' });
    const statuses = {
      booked: 'booked',
      arrived: 'arrived',
      fulfilled: 'fulfilled',
      cancelled: 'cancelled',
      'no-show': 'noshow',
    } as const;
    const booked = [];
    let hour = 8;
    for (const status of Object.keys(statuses) as (keyof typeof statuses)[]) {
      hour += 1;
      booked.push(
        await createAppointment(ctx, doctor.headers, {
          patientId: patient._id,
          start: `2026-03-02T${String(hour).padStart(2, '0')}:00:00.000Z`,
          duration: 45,
          kind: status === 'arrived' ? 'video' : 'phone',
          status,
          reason: status === 'booked' ? '' : `Check (${status})`,
          note: status === 'fulfilled' ? 'Bring the scans' : '',
        }),
      );
    }
    // An appointment of a patient in the trash stays out, as the patient does.
    const gone = await createPatient(ctx, doctor.headers, { name: 'In The Trash' });
    await createAppointment(ctx, doctor.headers, {
      patientId: gone._id,
      start: '2026-03-03T09:00:00.000Z',
    });
    await trashPatient(ctx, doctor.headers, gone._id);

    const bundle = (await exportAs('fhir', doctor.headers)).json() as Bundle;
    expect(validationProblems(bundle)).toEqual([]);
    const ofType = (type: string) => bundle.entry!.filter((e) => e.resource!.resourceType === type);
    const appointments = ofType('Appointment');
    expect(appointments.map((e) => e.resource!.id)).toEqual(booked.map((a) => a._id));
    const [practitioner] = ofType('Practitioner');
    expect(ofType('Practitioner')).toHaveLength(1);
    expect(practitioner!.fullUrl).toBe(`urn:uuid:${doctor.user._id}`);
    expect(practitioner!.resource).toMatchObject({
      name: [{ text: 'Dr Amal Haddad' }],
      telecom: [{ system: 'email', value: 'amal.fhir@example.test' }],
    });
    const patientUrl = ofType('Patient').find((e) => e.resource!.id === patient._id)!.fullUrl;
    for (const [index, appointment] of booked.entries()) {
      const entry = appointments[index]!;
      expect(entry.fullUrl).toBe(`urn:uuid:${appointment._id}`);
      expect(validationProblems(entry.resource!)).toEqual([]);
      expect(entry.resource).toMatchObject({
        status: statuses[appointment.status as keyof typeof statuses],
        start: appointment.start,
        end: appointment.end,
        minutesDuration: 45,
        extension: [
          {
            url: APPOINTMENT_MODE_URL,
            valueCoding: { code: appointment.kind === 'video' ? 'VIDEOCONF' : 'PHONE' },
          },
        ],
        participant: [
          {
            actor: { reference: patientUrl, type: 'Patient', display: 'Bruno Costa' },
            status: 'accepted',
          },
          {
            actor: {
              reference: practitioner!.fullUrl,
              type: 'Practitioner',
              display: 'Dr Amal Haddad',
            },
            status: 'accepted',
          },
        ],
      });
      // FHIR has no empty strings: an empty reason or note is left out.
      expect(entry.resource!.reasonCode).toEqual(
        appointment.reason ? [{ text: appointment.reason }] : undefined,
      );
      expect(entry.resource!.comment).toBe(appointment.note || undefined);
    }
    expect(JSON.stringify(bundle)).not.toContain('In The Trash');
  });

  it('the validator refuses an Appointment without participants or, booked, without its times', () => {
    const appointment = {
      resourceType: 'Appointment',
      status: 'booked',
      start: '2026-03-02T09:00:00.000Z',
      end: '2026-03-02T09:30:00.000Z',
      participant: [{ actor: { display: 'Bruno Costa' }, status: 'accepted' }],
    };
    expect(validateResource(appointment as Resource)).toEqual([]);
    expect(() =>
      validateResource({ ...appointment, participant: undefined } as Resource),
    ).toThrow();
    // A booked appointment needs its times (constraint app-3).
    expect(() =>
      validateResource({ ...appointment, start: undefined, end: undefined } as Resource),
    ).toThrow(/app-3/);
  });

  it('the validator does catch a broken resource (so the check above can fail)', () => {
    expect(() =>
      validateResource({ resourceType: 'Patient', birthDate: 'around 1980' } as Resource),
    ).toThrow();
    expect(() =>
      validateResource({ resourceType: 'Observation', code: { text: 'x' } } as Resource),
    ).toThrow(/Missing required property/);
  });

  it('is a valid Bundle without entries when there are no patients, and is the default format', async () => {
    const empty = await signIn(ctx);
    const response = await ctx.app.inject({
      url: '/api/records/patients/export',
      headers: empty.headers,
    });
    expect(response.statusCode).toBe(200);
    const bundle = response.json() as Bundle;
    expect(bundle).not.toHaveProperty('entry');
    expect(validationProblems(bundle)).toEqual([]);
  });

  it('streams every live patient once, across batches, and leaves out the trash', async () => {
    const many = await signIn(ctx);
    await seedPatients(ctx, { ownerId: many.user._id, count: 1_201 });
    const gone = await createPatient(ctx, many.headers, { name: 'In The Trash' });
    await trashPatient(ctx, many.headers, gone._id);
    const fhir = (await exportAs('fhir', many.headers)).json() as Bundle;
    const patients = fhir.entry!.filter((e) => e.resource!.resourceType === 'Patient');
    expect(patients).toHaveLength(1_201);
    expect(new Set(patients.map((e) => e.resource!.id)).size).toBe(1_201);
    expect(JSON.stringify(fhir)).not.toContain('In The Trash');
    const csv = parseCsv((await exportAs('csv', many.headers)).body);
    expect(csv).toHaveLength(1_202);
  });

  it('answers 400 for an unknown format', async () => {
    const response = await exportAs('xml');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'format must be fhir or csv' });
  });
});

describe('GET /api/records/patients/export?format=csv', () => {
  it('answers a header row and one row per patient, quoting and neutralising formulas', async () => {
    const csvUser = await signIn(ctx);
    const tricky = await createPatient(ctx, csvUser.headers, {
      name: '=HYPERLINK("http://evil.example","click")',
      diagnosedWith: '-2+3, "acute"',
      address: 'Line 1\nLine 2',
      email: '',
    });
    const plain = await createPatient(ctx, csvUser.headers, {
      name: '@SUM(A1:A9)',
      diagnosedWith: '+cmd|calc',
    });
    const response = await exportAs('csv', csvUser.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      response.body.startsWith(`${CSV_COLUMNS.map((name) => `"${name}"`).join(',')}\r\n`),
    ).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    // Each row by column name (every field's column is checked by patients.fields.test.ts).
    const byId = Object.fromEntries(
      rows.map((row) => [row[0], Object.fromEntries(header!.map((name, i) => [name, row[i]]))]),
    );
    expect(byId[tricky._id]).toMatchObject({
      id: tricky._id,
      name: `'=HYPERLINK("http://evil.example","click")`,
      diagnosedWith: `'-2+3, "acute"`,
      address: 'Line 1\nLine 2',
      age: String(tricky.age),
      bloodGroup: tricky.bloodGroup,
      gender: tricky.gender,
      email: '',
      phone: tricky.phone,
      emergencyContactPhone: tricky.emergencyContact.phone,
      hasChronicDiseases: 'true',
      createdAt: tricky.createdAt,
      updatedAt: tricky.updatedAt,
    });
    expect(byId[plain._id]).toMatchObject({
      name: `'@SUM(A1:A9)`,
      diagnosedWith: `'+cmd|calc`,
      email: plain.email,
    });
  });

  it('quotes every cell, so no separator (, or ;) inside a text starts a formula cell', async () => {
    const csvUser = await signIn(ctx);
    await createPatient(ctx, csvUser.headers, {
      name: 'Doe;=2+5',
      diagnosedWith: 'Flu;+1,@SUM(A1)',
      address: 'Rue 1;-3;\t=x',
      email: 'a;b@example.test',
    });
    const { body } = await exportAs('csv', csvUser.headers);
    for (const separator of [',', ';']) {
      const cells = parseCsv(body, separator).flat();
      expect(cells.length).toBeGreaterThan(1);
      const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
      expect(formulas, `separator ${separator}`).toEqual([]);
    }
    // Quoted throughout: every line is "…","…",…,"…" (the address holds no line break here).
    const lines = body.split('\r\n').filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
  });
});
