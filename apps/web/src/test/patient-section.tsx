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
 * at /records, as the patients page mounts it).
 */
export function patientSectionTests(Section: ComponentType<{ patient: TPatient }>, user: TUser) {
  const section = {
    /** The fake API of the running test. */
    api: undefined as unknown as FakeApi,
    /** Amina Yusuf, the practitioner's patient whose section is rendered. */
    patient: undefined as unknown as TPatient,
    render: () => renderWithApp(<Section patient={section.patient} />, { path: '/records', user }),
  };
  beforeEach(() => {
    section.api = startFakeApi({ user });
    section.patient = section.api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  });
  return section;
}
