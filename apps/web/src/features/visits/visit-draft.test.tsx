import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { PatientVisits } from './patient-visits.tsx';
import type { AppointmentChoice } from './visit-form.tsx';

const PRACTITIONER = createTestUser({ name: 'Dr Lena Hoffmann' });
const BOOKED = 'c1c2d3e4-0000-4000-8000-000000000001';
const FULFILLED = 'c1c2d3e4-0000-4000-8000-000000000002';
const APPOINTMENTS: AppointmentChoice[] = [
  { id: BOOKED, label: 'Monday 2 March, 09:00 · In person · Booked', isOpen: true },
  { id: FULFILLED, label: 'Friday 27 February, 10:00 · Video · Fulfilled', isOpen: false },
];
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: PRACTITIONER });
});

function renderVisits(appointments?: AppointmentChoice[]) {
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  const view = () =>
    renderWithApp(<PatientVisits patient={patient} appointments={appointments} />, {
      path: '/records',
      user: PRACTITIONER,
    });
  return { patient, view };
}

describe('VisitForm: the appointment a visit closes', () => {
  it('offers the open appointments only, and sends the one chosen', async () => {
    const user = userEvent.setup();
    const { view } = renderVisits(APPOINTMENTS);
    view();
    await user.click(await screen.findByRole('button', { name: 'Record a visit' }));
    const form = screen.getByRole('form', { name: 'Record a visit' });
    const choice = within(form).getByRole('combobox', {
      name: 'Appointment this visit closes (optional)',
    });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Monday 2 March, 09:00 · In person · Booked']);
    await user.selectOptions(choice, BOOKED);
    await user.click(within(form).getByRole('button', { name: 'Save visit' }));
    await screen.findByRole('heading', { name: /Draft, not signed/ });
    expect(api.requestsTo('POST', /\/visits$/)[0]!.body).toMatchObject({ appointmentId: BOOKED });
  });

  it('sends no appointment when none is chosen, and asks nothing without appointments', async () => {
    const user = userEvent.setup();
    const { view } = renderVisits();
    view();
    await user.click(await screen.findByRole('button', { name: 'Record a visit' }));
    const form = screen.getByRole('form', { name: 'Record a visit' });
    expect(within(form).queryByRole('combobox')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save visit' }));
    await screen.findByRole('heading', { name: /Draft, not signed/ });
    expect(api.requestsTo('POST', /\/visits$/)[0]!.body).toMatchObject({ appointmentId: null });
  });
});

describe('VisitItem: changing a draft', () => {
  it('opens the draft as it is, saves it with If-Match, focuses it and says so', async () => {
    const user = userEvent.setup();
    const { patient, view } = renderVisits(APPOINTMENTS);
    const draft = api.visits.add(patient._id, {
      reason: 'Cough',
      weight: 80,
      height: 180,
      plan: 'Rest.',
      appointmentId: FULFILLED,
    });
    view();
    await user.click(await screen.findByRole('button', { name: 'Edit draft' }));
    const form = screen.getByRole('form', { name: 'Change the draft visit' });
    expect(within(form).getByLabelText('Reason for the visit (optional)')).toHaveValue('Cough');
    expect(within(form).getByLabelText('Weight')).toHaveValue('80');
    expect(within(form).getByText('24.7 kg/m²')).toBeVisible();
    // The fulfilled appointment this draft closed stays chosen beside the open one.
    const choice = within(form).getByRole('combobox', {
      name: 'Appointment this visit closes (optional)',
    });
    expect(choice).toHaveValue(FULFILLED);
    expect(within(choice).getAllByRole('option')).toHaveLength(3);
    await fill(user, within(form).getByLabelText('Plan (optional)'), 'Rest and fluids.');
    await user.click(within(form).getByRole('button', { name: 'Save visit' }));

    const heading = await screen.findByRole('heading', { name: /Cough/ });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(screen.getByRole('status')).toHaveTextContent('Visit updated.');
    expect(await screen.findByText('Rest and fluids.')).toBeVisible();
    const [sent] = api.requestsTo('PUT', /\/visits\/[^/]+$/);
    expect(sent!.path).toBe(`/api/records/patients/${patient._id}/visits/${draft._id}`);
    expect(sent!.headers.get('If-Match')).toBe(`"${draft.updatedAt}"`);
    expect(sent!.body).toMatchObject({
      reason: 'Cough',
      weight: 80,
      plan: 'Rest and fluids.',
      appointmentId: FULFILLED,
    });
  });

  it('gives focus back to "Edit draft" when cancelled, and offers no edit on a signed visit', async () => {
    const user = userEvent.setup();
    const { patient, view } = renderVisits();
    api.visits.add(patient._id, { reason: 'Draft one', occurredAt: '2026-03-02T09:00:00Z' });
    api.visits.add(patient._id, {
      reason: 'Signed one',
      occurredAt: '2026-01-02T09:00:00Z',
      signed: true,
    });
    view();
    const edit = await screen.findByRole('button', { name: 'Edit draft' });
    expect(screen.getAllByRole('button', { name: 'Edit draft' })).toHaveLength(1);
    await user.click(edit);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('button', { name: 'Edit draft' }));
    expect(api.requestsTo('PUT', /\/visits\//)).toEqual([]);
  });

  it('says when the draft changed or was signed meanwhile, keeping the edits', async () => {
    const user = userEvent.setup();
    const { patient, view } = renderVisits();
    api.visits.add(patient._id, { reason: 'Cough' });
    api.on('PUT', /\/visits\//, () =>
      Response.json({ message: 'Changed', code: 'VISIT_CHANGED' }, { status: 412 }),
    );
    view();
    await user.click(await screen.findByRole('button', { name: 'Edit draft' }));
    const form = screen.getByRole('form', { name: 'Change the draft visit' });
    await fill(user, within(form).getByLabelText('Plan (optional)'), 'Rest.');
    await user.click(within(form).getByRole('button', { name: 'Save visit' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This visit was changed or signed meanwhile.');
    expect(within(form).getByLabelText('Plan (optional)')).toHaveValue('Rest.');
  });
});
