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
