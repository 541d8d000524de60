import type { TUser } from '@portal/shared/user';
import { screen } from '@testing-library/react';
import { createTestUser, patientInput } from '../../test/factories.ts';
import type { FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PatientChartPage } from './patient-chart-page.tsx';
import { PatientsPage } from './patients-page.tsx';

/**
 * The patients page at `/records` as a signed-in practitioner sees it, on the web test kit's fake
 * API, with a patient's chart at its own address; `at` opens another address first.
 */
export const renderPatientsPage = (user: TUser = createTestUser(), at = '/records') =>
  renderWithApp(<PatientsPage />, {
    path: '/records',
    at,
    user,
    routes: [{ path: '/records/patients/:id', element: <PatientChartPage /> }],
  });

/** The patients page over the fake API holding a patient of each of these names. */
export function renderPatientsPageWith(api: FakeApi, ...names: string[]) {
  const patients = names.map((name) => api.patients.insert(patientInput({ name })));
  return { ...renderPatientsPage(), patients };
}

/** A patient the patients page tests add through the form. */
export const NEW_PATIENT = patientInput({
  name: 'Chen Wei',
  diagnosedWith: 'Hypertension',
  address: '8 Garden Lane',
  age: 67,
  bloodGroup: 'B+',
  gender: 'Male',
  phone: '5550001111',
  emergencyContact: { phone: '5550002222' },
});

/** The fake API's list route and one patient's route, for `api.requestsTo`. */
export const LIST = /^\/api\/records\/patients$/;
export const ONE = /^\/api\/records\/patients\/[^/]+$/;

/** The list row (`li`) showing `name`, once it is on screen. */
export async function findRow(name: string) {
  const text = await screen.findByText(name);
  return text.closest('li')!;
}

/** The toolbar's Add button, or null where the page hides it (details, form). */
export function addButton() {
  return screen.queryByRole('button', { name: '+ Add Patient' });
}
