import type { ComponentType } from 'react';
import { beforeEach } from 'vitest';
import type { TPatient } from '@portal/shared/patient';
import type { TUser } from '@portal/shared/user';
import { patientInput } from './factories.ts';
import { startFakeApi, type FakeApi } from './fake-api.ts';
import { renderWithApp } from './render-with-app.tsx';

/**
 * The set-up of the tests of one section of a patient's record (visits, medications, allergies,
 * timeline): before each test, a fresh fake API signed in as `user` with one patient of theirs,
 * Amina Yusuf. A test adds the data it is about through `api`, then calls `render` (the section
 * at /records, as the records page mounts it).
 */
export function patientSectionTests(Section: ComponentType<{ patient: TPatient }>, user: TUser) {
  let current: { api: FakeApi; patient: TPatient } | undefined;
  beforeEach(() => {
    const api = startFakeApi({ user });
    current = { api, patient: api.records.insert(patientInput({ name: 'Amina Yusuf' })) };
  });
  const now = () => {
    if (!current) throw new Error('patientSectionTests: read inside a test');
    return current;
  };
  return {
    get api() {
      return now().api;
    },
    get patient() {
      return now().patient;
    },
    render() {
      return renderWithApp(<Section patient={now().patient} />, { path: '/records', user });
    },
  };
}
