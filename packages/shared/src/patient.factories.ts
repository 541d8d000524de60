import type { TPatientInput } from './patient.ts';

/**
 * The one test factory of a valid patient, shared by the API's and the web's tests (imported by
 * tests only). Typed by the shared schema, so a new required field must be given a value here.
 */
export function patientInput(overrides: Partial<TPatientInput> = {}): TPatientInput {
  return {
    name: 'Amina Yusuf',
    diagnosedWith: 'Asthma',
    address: '12 Harbour Road',
    age: 42,
    bloodGroup: 'O+',
    gender: 'Female',
    email: 'amina@example.com',
    phone: '0123456789',
    emergencyContact: { phone: '0987654321' },
    hasChronicDiseases: true,
    ...overrides,
  };
}

const FIRST: Required<TPatientInput> = {
  name: 'Zebedee Quintessa Marlowe',
  diagnosedWith: 'Sarcoidosis, stage II',
  address: '77 Juniper Crescent, Flat 4',
  age: 63,
  dateOfBirth: '1961-09-17',
  bloodGroup: 'AB-',
  gender: 'Other',
  email: 'zebedee.marlowe@example.org',
  phone: '+351912345678',
  emergencyContact: { phone: '5554567890' },
  hasChronicDiseases: true,
};
const SECOND: Required<TPatientInput> = {
  name: 'Ottoline Vasquez-Brandt',
  diagnosedWith: 'Hashimoto thyroiditis',
  address: '3 Quayside Mews',
  age: 29,
  dateOfBirth: '1995-02-08',
  bloodGroup: 'B+',
  gender: 'Prefer not to say',
  email: 'ottoline.vb@example.net',
  phone: '5559871234',
  emergencyContact: { phone: '5556543210' },
  hasChronicDiseases: false,
};

/**
 * Two patients with every field set (optional ones too), each value distinct from every other
 * and from the other patient's, so a field written to or read from the wrong column cannot pass
 * (the API's all-fields test creates the first and updates it to the second).
 */
export const distinctivePatients: readonly [Required<TPatientInput>, Required<TPatientInput>] = [
  FIRST,
  SECOND,
];
