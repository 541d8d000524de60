import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PatientMedications } from './patient-medications.tsx';

const PRACTITIONER = createTestUser();
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: PRACTITIONER });
});

describe('PatientMedications: Print prescription', () => {
  it("links to the patient's print layout in a new tab, and says so", async () => {
    const patient = api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen' });
    renderWithApp(<PatientMedications patient={patient} />, {
      path: '/records',
      user: PRACTITIONER,
    });
    const link = await screen.findByRole('link', {
      name: 'Print prescription (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', `/records/patients/${patient._id}/prescriptions/print`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('offers no print while the patient has no active medication', async () => {
    const patient = api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen', status: 'completed' });
    renderWithApp(<PatientMedications patient={patient} />, {
      path: '/records',
      user: PRACTITIONER,
    });
    expect(await screen.findByText('No active medications.')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Print prescription/ })).toBeNull();
  });
});
