import type { TProfileData } from './profile.ts';

/**
 * The one complete profile of the tests (every field filled), shared by the schema's, the API's
 * and the web's tests (imported by tests only). Typed by what the schema stores, so it is also
 * what the API answers for it, and a new profile field must be given a value here.
 */
export function completeProfile(overrides: Partial<TProfileData> = {}): TProfileData {
  return {
    name: 'Dr. Amina Yusuf',
    email: 'amina@example.com',
    age: 41,
    gender: 'female',
    address: '12 Harbour Road, Lagos',
    phone: '5551234567',
    picture: 'https://images.example.com/amina.jpg',
    ...overrides,
  };
}
