import type { TPractice } from './practice.ts';

/**
 * The one complete practice of the tests, as typed in the form (its phone dialled in the
 * practice's country), shared by the schema's, the API's and the web's tests (imported by tests
 * only).
 */
export function practiceInput(overrides: Partial<TPractice> = {}): TPractice {
  return {
    name: 'Clínica do Rio',
    street: 'Rua das Flores 12\n2.º esquerdo',
    postalCode: '4050-262',
    city: 'Porto',
    country: 'PT',
    phone: '22 123 4567',
    registrationNumber: 'OM 54321',
    cancellationNoticeHours: 24,
    ...overrides,
  };
}

/** That practice as stored and answered: its phone in E.164. */
export const storedPractice = (overrides: Partial<TPractice> = {}): TPractice =>
  practiceInput({ phone: '+351221234567', ...overrides });
