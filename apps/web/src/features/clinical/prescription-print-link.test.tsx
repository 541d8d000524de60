import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { PatientMedications } from './patient-medications.tsx';

const section = patientSectionTests(PatientMedications, createTestUser());

describe('PatientMedications: Print prescription', () => {
  it("links to the patient's print layout in a new tab, and says so", async () => {
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen' });
    section.render();
    const link = await screen.findByRole('link', {
      name: 'Print prescription (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', `/records/patients/${patient._id}/prescriptions/print`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('offers no print while the patient has no active medication', async () => {
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen', status: 'completed' });
    section.render();
    expect(await screen.findByText('No active medications.')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Print prescription/ })).toBeNull();
  });
});
