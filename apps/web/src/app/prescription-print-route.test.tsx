import { screen, within } from '@testing-library/react';
import i18n from '../i18n/i18n.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TPatient } from '@portal/shared/patient';
import { createTestUser, patientInput } from '../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../test/fake-api.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { PrescriptionPrintRoute } from './prescription-print-route.tsx';
import { storedPractice } from '@portal/shared/practice.factories';

const PRACTITIONER = createTestUser({ name: 'Dr Lena Hoffmann' });
const PATH = '/records/patients/:id/prescriptions/print';
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: PRACTITIONER });
});

/** The printed prescription of `patient`, as the practitioner opens it. */
function renderPrintOf(patient: TPatient) {
  renderWithApp(<PrescriptionPrintRoute />, {
    path: PATH,
    at: `/records/patients/${patient._id}/prescriptions/print`,
    user: PRACTITIONER,
  });
}

/** A patient with two active prescriptions and a completed one, printed at their address. */
function renderPrint() {
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf', age: 42 }));
  api.clinical.addPrescription(patient._id, {
    medication: 'Amoxicillin',
    strength: '500 mg',
    dose: '1 capsule',
    route: 'oral',
    frequency: 'three times a day',
    duration: '7 days',
    instructions: 'After meals.',
  });
  api.clinical.addPrescription(patient._id, {
    medication: 'Salbutamol',
    dose: '2 puffs',
    route: 'inhaled',
    frequency: 'when needed',
    endDate: '2026-03-02',
  });
  api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen', status: 'completed' });
  renderPrintOf(patient);
  return patient;
}

/** A row's texts: the medication (its row header) and the cells after it. */
const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('PrescriptionPrintRoute', () => {
  it("prints the prescriber, today, the patient and only the patient's active medications", async () => {
    const patient = renderPrint();
    expect(await screen.findByRole('heading', { level: 1, name: 'Prescription' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Medications' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Medication',
      'Strength',
      'Dose',
      'Route',
      'Frequency',
      'Duration or end',
      'Instructions',
    ]);
    expect(rows.map(cellsOf)).toEqual([
      // As the API lists them: the newest first.
      ['Salbutamol', '', '2 puffs', 'Inhaled', 'when needed', 'until March 2, 2026', ''],
      ['Amoxicillin', '500 mg', '1 capsule', 'Oral', 'three times a day', '7 days', 'After meals.'],
    ]);
    const facts = screen.getByText('Prescriber').closest('dl')!;
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
    expect(
      within(facts)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual([
      'Prescriber: Dr Lena Hoffmann',
      `Date: ${today}`,
      'Patient: Amina Yusuf',
      'Age: 42 years',
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to records' })).toHaveAttribute(
      'href',
      `/records/patients/${patient._id}#medications`,
    );
  });

  it('prints the practice, the registration number, the date of birth and the active allergies', async () => {
    const practitioner = createTestUser({
      name: 'Dr Lena Hoffmann',
      practice: storedPractice({ cancellationNoticeHours: null }),
    });
    api.on('GET', /^\/api\/user\/profile$/, () => json({ user: practitioner }));
    const patient = api.patients.insert(
      patientInput({ name: 'Amina Yusuf', dateOfBirth: '1984-07-09' }),
    );
    api.clinical.addAllergy(patient._id, {
      substance: 'Penicillin',
      severity: 'severe',
      reaction: 'Hives',
    });
    api.clinical.addAllergy(patient._id, { substance: 'Latex', status: 'resolved' });
    renderPrintOf(patient);
    const address = (await screen.findByText('Clínica do Rio')).closest('address')!;
    expect([...address.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Clínica do Rio',
      'Rua das Flores 12',
      '2.º esquerdo',
      '4050-262 Porto',
      'Portugal',
      'Phone: 22 123 4567',
    ]);
    const facts = screen.getByText('Prescriber').closest('dl')!;
    const fact = (term: string) =>
      within(facts).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Registration number')).toBe('OM 54321');
    expect(fact('Date of birth')).toBe('July 9, 1984');
    const allergies = screen.getByRole('region', { name: 'Allergies' });
    expect(await within(allergies).findByRole('listitem')).toHaveTextContent(
      'Penicillin (Severe): Hives',
    );
    expect(within(allergies).queryByText(/Latex/)).toBeNull();
  });

  it('prints the verification code of each active medication with its address under it', async () => {
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const url = 'http://localhost:3000/verify/eyJhbGciOiJFZERTQSJ9.eyJqdGkiOiIxIn0.c2ln';
    api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin' }).verifyUrl = url;
    renderPrintOf(patient);
    const codes = await screen.findByRole('region', { name: 'Verification codes' });
    expect(
      await within(codes).findByRole('img', { name: 'Verification code of Amoxicillin' }),
    ).toBeVisible();
    expect(within(codes).getByText(url)).toBeVisible();
  });

  it('says so when the patient has no known active allergy', async () => {
    const patient = api.patients.insert(patientInput({ name: 'Jean Dupont' }));
    renderPrintOf(patient);
    expect(await screen.findByText('No known active allergies.')).toBeVisible();
  });

  it('says so when the patient has no active medication', async () => {
    const patient = api.patients.insert(patientInput({ name: 'Jean Dupont' }));
    renderPrintOf(patient);
    expect(await screen.findByText('No active medications to print.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('prints in Arabic, with the route and headings translated', async () => {
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces('clinical');
    renderPrint();
    expect(await screen.findByRole('heading', { level: 1, name: 'وصفة طبية' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'الأدوية' });
    expect(within(table).getByRole('cell', { name: 'عن طريق الفم' })).toBeVisible();
    expect(screen.getByText('الطبيب الواصف')).toBeVisible();
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeVisible();
  });
});
