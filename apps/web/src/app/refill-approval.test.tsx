import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RefillRequestsSection } from '../features/medicines/refill-requests-section.tsx';
import { createTestUser, patientInput } from '../test/factories.ts';
import { startFakeApi } from '../test/fake-api.ts';
import { FakeMedicines, medicinesHandlers } from '../test/fake-medicines.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { refillApprovalForm } from './refill-approval.tsx';

const PRACTITIONER = createTestUser({ name: 'Dr. Lena Weber' });

/** A patient whose linked person asked for a refill of their Amoxicillin. */
function openRefills() {
  const api = startFakeApi({ user: PRACTITIONER });
  const medicines = new FakeMedicines();
  api.addHandlers(...medicinesHandlers(medicines, { clinical: api.clinical }));
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  const old = api.clinical.addPrescription(patient._id, {
    medication: 'Amoxicillin',
    strength: '500 mg',
    dose: '1 capsule',
    frequency: 'three times a day',
    duration: '7 days',
    status: 'completed',
  });
  const request = medicines.addRefill(patient._id, {
    prescriptionId: old._id,
    note: 'The cough is back.',
  });
  renderWithApp(<RefillRequestsSection patient={patient} approvalForm={refillApprovalForm} />, {
    user: PRACTITIONER,
  });
  return { api, medicines, patient, request };
}

describe('Refill requests on the chart', () => {
  it('shows who asked, for what and their note, with the open count', async () => {
    openRefills();
    const section = await screen.findByRole('region', { name: /Refill requests/ });
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Refill requests 1 open',
    );
    const item = within(section).getByRole('article', { name: 'Amoxicillin' });
    expect(item).toHaveTextContent('Asked by Amina Yusuf on Mar 3, 2026');
    expect(item).toHaveTextContent('Waiting for an answer');
    expect(item).toHaveTextContent('The cough is back.');
  });

  it('approves with the prescription form filled in from the old one, asking about an allergy first', async () => {
    const { api, medicines, patient } = openRefills();
    api.clinical.addAllergy(patient._id, { substance: 'Amoxicillin', reaction: 'Rash' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const form = await screen.findByRole('form', { name: 'Refill of Amoxicillin' });
    expect(within(form).getByLabelText(/^Medication/)).toHaveValue('Amoxicillin');
    expect(within(form).getByLabelText(/^Strength/)).toHaveValue('500 mg');
    expect(within(form).getByLabelText(/^Duration/)).toHaveValue('7 days');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/Allergy warning/);
    expect(medicines.approvals).toHaveLength(0);
    await user.click(
      within(form).getByRole('checkbox', {
        name: 'I have considered the allergy and want to prescribe this medication.',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(
      await screen.findByText('Refill approved: the new prescription is saved.'),
    ).toHaveFocus();
    expect(medicines.approvals).toEqual([
      expect.objectContaining({
        medication: 'Amoxicillin',
        strength: '500 mg',
        status: 'active',
        allergyAcknowledged: true,
      }),
    ]);
    expect(await screen.findByText('Approved: a new prescription was written')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('declines only with a message for the patient', async () => {
    const { api, medicines } = openRefills();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const heading = screen.getByRole('heading', { name: 'Decline the refill of Amoxicillin' });
    expect(heading).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    const box = screen.getByLabelText('Message for the patient');
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('Please write a message for the patient.');
    await user.type(box, 'Please book a visit first.');
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    expect(await screen.findByText('Refill declined.')).toHaveFocus();
    expect(api.requestsTo('POST', /\/decline$/)[0]!.body).toEqual({
      message: 'Please book a visit first.',
    });
    expect(medicines.refills[0]!.status).toBe('declined');
  });

  it('is absent while there is no request', async () => {
    const api = startFakeApi({ user: PRACTITIONER });
    api.addHandlers(...medicinesHandlers(new FakeMedicines()));
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    renderWithApp(<RefillRequestsSection patient={patient} approvalForm={refillApprovalForm} />, {
      user: PRACTITIONER,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET', /refill-requests$/)).toHaveLength(1);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
