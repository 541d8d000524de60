import { expect, type APIRequestContext } from '@playwright/test';
import { createPatient, patientBody } from './patients.ts';
import { signInViaApi, uniqueEmail, type SignedInUser } from './session.ts';

export interface LinkedPatient {
  practitioner: SignedInUser;
  /** The person linked to the record (the patient themself). */
  patient: SignedInUser;
  patientId: string;
}

/**
 * A practitioner and their patient's record linked to a second account: an invitation accepted
 * with the date of birth, as a patient does from the address they were given.
 */
export async function createLinkedPatient(
  request: APIRequestContext,
  baseURL: string,
  { practitionerName = 'Dr Lee', patientName = 'Ana Lima' } = {},
): Promise<LinkedPatient> {
  const practitioner = await signInViaApi(request, baseURL, {
    email: uniqueEmail('doctor'),
    name: practitionerName,
  });
  const birthDate = '1990-04-12';
  const { _id: patientId } = await createPatient(request, baseURL, practitioner.idToken, {
    ...patientBody(patientName),
    dateOfBirth: birthDate,
  });
  const invited = await request.post(`${baseURL}/api/records/patients/${patientId}/invitation`, {
    headers: { authorization: `Bearer ${practitioner.idToken}` },
    data: { relationship: 'self' },
  });
  expect(invited.status()).toBe(201);
  const { code } = (await invited.json()) as { code: string };
  const patient = await signInViaApi(request, baseURL, {
    email: uniqueEmail('patient'),
    name: patientName,
  });
  const linked = await request.post(`${baseURL}/api/me/links`, {
    headers: { authorization: `Bearer ${patient.idToken}` },
    data: { code, birthDate },
  });
  expect(linked.status()).toBe(201);
  return { practitioner, patient, patientId };
}
