import { describe, expect, it } from 'vitest';
import {
  ageOn,
  todayInUtc,
  ZPatientInput,
  type TPatient,
  type TPatientInput,
} from '@portal/shared/patient';
import { fieldPaths, valueAt } from '@portal/shared/schema-fields';
import { signIn, useTestApp } from '../../../test/app.ts';
import { parseCsv } from '../../../test/csv.ts';
import { createPatientAudited, readPatientAudited } from './patients.audited.repository.ts';
import { patientsUrl } from '../../../test/factories/patients.ts';
import { toApiPatient, toStoredValues } from './patients.fields.ts';
import { distinctivePatients } from '@portal/shared/patient.factories';

const INPUT_PATHS = fieldPaths(ZPatientInput);

const [FIRST, SECOND] = distinctivePatients;

/** The input as the API answers it: with a date of birth, the age is counted from it. */
const asAnswered = (input: TPatientInput) => ({
  ...input,
  age: input.dateOfBirth ? ageOn(input.dateOfBirth, todayInUtc()) : input.age,
});

function expectEveryField(patient: unknown, input: TPatientInput) {
  const answered = asAnswered(input);
  for (const path of INPUT_PATHS) {
    expect(valueAt(patient, path), path.join('.')).toEqual(valueAt(answered, path));
  }
}

/** What the FHIR Patient, Condition and Observation say about each field. */
function fhirFields(entries: { resource: Record<string, unknown> }[], id: string) {
  const byType = (type: string) =>
    entries.find(
      (e) =>
        e.resource.resourceType === type &&
        (type === 'Patient'
          ? e.resource.id === id
          : (e.resource.subject as { reference: string }).reference === `urn:uuid:${id}`),
    )!.resource as Record<string, never>;
  const patient = byType('Patient');
  const telecom = patient.telecom as { system: string; value: string }[];
  const contact = patient.contact as { telecom: { value: string }[] }[];
  const extension = patient.extension as { url: string; valueBoolean: boolean }[];
  return {
    name: (patient.name as { text: string }[])[0]!.text,
    diagnosedWith: (byType('Condition').code as { text: string }).text,
    address: (patient.address as { text: string }[])[0]!.text,
    age: ageOn(patient.birthDate, todayInUtc()),
    dateOfBirth: patient.birthDate,
    bloodGroup: (byType('Observation').valueCodeableConcept as { text: string }).text,
    gender: patient.gender,
    email: telecom.find((t) => t.system === 'email')?.value,
    phone: telecom.find((t) => t.system === 'phone')?.value,
    emergencyContact: { phone: contact[0]!.telecom[0]!.value },
    hasChronicDiseases: extension.find((e) => e.url.endsWith('/has-chronic-diseases'))
      ?.valueBoolean,
  };
}

const ctx = useTestApp();

describe('every field of a patient', () => {
  it('the two fixtures give every field of the shared schema two different values', () => {
    for (const path of INPUT_PATHS) {
      expect(valueAt(FIRST, path), path.join('.')).toBeDefined();
      expect(valueAt(FIRST, path), path.join('.')).not.toEqual(valueAt(SECOND, path));
    }
  });

  it('survives create, read, list, update, CSV and FHIR export', async () => {
    const { headers } = await signIn(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: patientsUrl(),
      headers,
      payload: FIRST,
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as TPatient)._id;
    expectEveryField(created.json(), FIRST);
    /** GET of the one patient and its entry in the list both hold `input`. */
    const expectReadAndListed = async (input: TPatientInput) => {
      const read = await ctx.app.inject({ url: patientsUrl(`/${id}`), headers });
      expectEveryField(read.json(), input);
      const list = await ctx.app.inject({ url: patientsUrl(), headers });
      expectEveryField(
        (list.json() as TPatient[]).find((p) => p._id === id),
        input,
      );
    };

    await expectReadAndListed(FIRST);

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: patientsUrl(`/${id}`),
      headers,
      payload: SECOND,
    });
    expect(updated.statusCode).toBe(200);
    expectEveryField(updated.json(), SECOND);
    await expectReadAndListed(SECOND);

    const csv = await ctx.app.inject({ url: patientsUrl('/export?format=csv'), headers });
    const [header, row] = parseCsv(csv.body);
    const cell = (column: string) => row![header!.indexOf(column)];
    expect(cell('id')).toBe(id);
    for (const path of INPUT_PATHS) {
      const column = path[0]! + path.slice(1).map((k) => k[0]!.toUpperCase() + k.slice(1));
      expect(cell(column), column).toBe(String(valueAt(asAnswered(SECOND), path)));
    }

    const fhir = await ctx.app.inject({ url: patientsUrl('/export?format=fhir'), headers });
    // With a date of birth, birthDate is that date; gender is FHIR's code.
    expect(fhirFields(fhir.json().entry, id)).toEqual({ ...asAnswered(SECOND), gender: 'unknown' });
  });
});

describe('the audited statements', () => {
  it('insert and answer every column of the patients table', async () => {
    const { rows } = await ctx.database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'patients'`,
    );
    const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    const answered = rows
      .map((r) => camel(r.column_name))
      .filter((name) => !['ownerId', 'searchText', 'deletedAt'].includes(name));
    const { user } = await signIn(ctx);
    const { row: created } = await createPatientAudited(ctx.database.db, {
      ownerId: user._id,
      requestId: 'fields-test',
      values: toStoredValues(ZPatientInput.parse(FIRST)),
    });
    expect(Object.keys(created).sort()).toEqual([...answered].sort());
    for (const value of Object.values(created)) expect(value).not.toBeNull();
    const read = await readPatientAudited(ctx.database.db, {
      ownerId: user._id,
      id: created.id,
      requestId: 'fields-test',
    });
    expect(read).toEqual(created);
  });
});

describe('a patient as the API answers it', () => {
  const stored = {
    id: '0b6e3f9c-2d1a-4c5b-8e7f-9a0b1c2d3e4f',
    name: 'Amina "Mina" Haddad',
    diagnosedWith: 'Hypertension',
    address: '12 Harbour Road',
    age: 40,
    dateOfBirth: null,
    bloodGroup: 'O+',
    gender: 'Female',
    email: null,
    phone: '+15550001111',
    emergencyPhone: '5550002222',
    hasChronicDiseases: true,
    selfRegistered: false,
    createdAt: '2026-11-23 11:42:16.48',
    updatedAt: '2026-11-23 11:42:16',
  };

  // The exact bytes clients and the ETag's readers have always received: the fields' order
  // included, and a field without a value left out rather than null.
  it('answers the same JSON, byte for byte, with and without the optional fields', () => {
    expect(JSON.stringify(toApiPatient(stored))).toBe(
      '{"_id":"0b6e3f9c-2d1a-4c5b-8e7f-9a0b1c2d3e4f","name":"Amina \\"Mina\\" Haddad",' +
        '"diagnosedWith":"Hypertension","address":"12 Harbour Road","age":40,' +
        '"phone":"+15550001111","hasChronicDiseases":true,"bloodGroup":"O+","gender":"Female",' +
        '"emergencyContact":{"phone":"5550002222"},"selfRegistered":false,' +
        '"createdAt":"2026-11-23T11:42:16.480Z","updatedAt":"2026-11-23T11:42:16.000Z"}',
    );
    const dateOfBirth = '1986-02-28';
    const full = toApiPatient({ ...stored, dateOfBirth, email: 'mina@example.test' });
    expect(JSON.stringify(full)).toBe(
      '{"_id":"0b6e3f9c-2d1a-4c5b-8e7f-9a0b1c2d3e4f","name":"Amina \\"Mina\\" Haddad",' +
        `"diagnosedWith":"Hypertension","address":"12 Harbour Road","age":${ageOn(dateOfBirth, todayInUtc())},` +
        '"phone":"+15550001111","hasChronicDiseases":true,"dateOfBirth":"1986-02-28",' +
        '"bloodGroup":"O+","gender":"Female","email":"mina@example.test",' +
        '"emergencyContact":{"phone":"5550002222"},"selfRegistered":false,' +
        '"createdAt":"2026-11-23T11:42:16.480Z","updatedAt":"2026-11-23T11:42:16.000Z"}',
    );
  });
});
