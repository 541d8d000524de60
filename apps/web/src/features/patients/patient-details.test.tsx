import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZPatientInput } from '@portal/shared/patient';
import { distinctivePatients } from '@portal/shared/patient.factories';
import { EMPTY_PRACTICE } from '@portal/shared/practice';
import { fieldPaths } from '@portal/shared/schema-fields';
import { PatientDetails } from './patient-details.tsx';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { expectEach } from '../../test/queries.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

describe('PatientDetails', () => {
  it('shows one row for every field of the shared schema, with its value', async () => {
    const api = startFakeApi();
    const patient = api.patients.insert(distinctivePatients[0]);
    renderWithApp(
      <PatientDetails
        patient={patient}
        focusRequest={1}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onBack={vi.fn()}
      />,
      { user: createTestUser() },
    );
    await screen.findByRole('heading', { name: 'Patient Details' });
    expect(screen.getAllByRole('term')).toHaveLength(fieldPaths(ZPatientInput).length);
    const text = (label: string) =>
      within(screen.getByText(label, { selector: 'dt' }).parentElement!).getByRole('definition')
        .textContent;
    expectEach(text, {
      Name: 'Zebedee Quintessa Marlowe',
      Address: '77 Juniper Crescent, Flat 4',
      Age: '63',
      'Blood group': 'AB-',
      Email: 'zebedee.marlowe@example.org',
      'Emergency contact phone': '5554567890',
      'Has chronic diseases': 'Yes',
      'Date of birth': 'September 17, 1961',
      // Not the practitioner's country (they have none): the international format.
      'Phone number': '+351 912 345 678',
    });
  });

  it('shows a number of the practice country in its national format', async () => {
    const api = startFakeApi();
    const patient = api.patients.insert(distinctivePatients[0]);
    renderWithApp(
      <PatientDetails
        patient={patient}
        focusRequest={1}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onBack={vi.fn()}
      />,
      { user: createTestUser({ practice: { ...EMPTY_PRACTICE, country: 'PT' } }) },
    );
    const phone = await screen.findByText('912 345 678');
    expect(phone.closest('dd')?.previousElementSibling).toHaveTextContent('Phone number');
  });
});
