import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TPatientInput } from '@portal/shared/patient';
import { patientInput } from '@portal/shared/patient.factories';
import { openAs } from './journey.ts';
import { skipToMain } from './keyboard.ts';
import type { Language } from './texts.ts';

/**
 * A valid `POST /api/records/patients` body for `name`: the shared test factory's patient with no
 * e-mail (the factory's would match a search for its name's first word in every patient).
 */
export function patientBody(name: string, diagnosedWith = 'Asthma') {
  return patientInput({ name, diagnosedWith, email: '', hasChronicDiseases: false });
}

/** Stores the patient `data` straight through the API, as the signed-in `idToken`'s. */
export async function createPatient(
  request: APIRequestContext,
  baseURL: string,
  idToken: string,
  data: TPatientInput,
) {
  const created = await request.post(`${baseURL}/api/records/patients`, {
    headers: { authorization: `Bearer ${idToken}` },
    data,
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { _id: string };
}

/** Stores the patients straight through the API, as the signed-in `idToken`'s; their ids. */
export async function createPatients(
  page: Page,
  baseURL: string,
  idToken: string,
  patients: Array<ReturnType<typeof patientBody>>,
) {
  const ids: string[] = [];
  for (const data of patients)
    ids.push((await createPatient(page.request, baseURL, idToken, data))._id);
  return ids;
}

/**
 * A signed-in reader of `language` on /records, with `patients` stored first and every
 * announcement recorded, focus on `<main>` by the skip link: where each records journey starts.
 */
export async function openRecordsAs(
  page: Page,
  baseURL: string,
  language: Language,
  patients: Array<ReturnType<typeof patientBody>> = [],
) {
  const opened = await openAs(page, baseURL, language, '/records', {
    prepare: async ({ idToken }) => void (await createPatients(page, baseURL, idToken, patients)),
  });
  const { t, main } = opened;
  await expect(page.locator('main h1')).toHaveText(t('records:heading'));
  await skipToMain(page, t('common:skipToContent'));
  return {
    ...opened,
    listHeading: main.getByRole('heading', { name: t('records:list.title'), exact: true }),
  };
}

/** The records list's "View details" button of the patient named `name`, in `main`. */
export function viewDetailsButton(main: Locator, t: (key: string) => string, name: string) {
  return main
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('button', { name: t('records:list.viewDetails') });
}
