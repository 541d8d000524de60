import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { fillPatientForm } from '../../test/user-input.ts';
import {
  addButton,
  findRow,
  LIST,
  NEW_PATIENT,
  ONE,
  renderPatientsPage,
  renderPatientsPageWith,
} from './patients-page.render.tsx';

// Adding and editing a patient on the patients page: the form, its busy state and the server's
// refusals (duplicate, conflict, field errors).

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

describe('PatientsPage: form', () => {
  it('Add opens an empty form without Add; Cancel returns to the list', async () => {
    renderPatientsPageWith(api, 'Amina Yusuf');
    await findRow('Amina Yusuf');

    await userEvent.click(addButton()!);
    expect(addButton()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Blood group')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create Patient' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
  });

  it("creates a patient: Submitting... while busy, then the new patient's chart", async () => {
    const { router } = renderPatientsPage();
    await screen.findByText('No patients found.');
    await userEvent.click(addButton()!);
    const user = userEvent.setup();
    await fillPatientForm(user, NEW_PATIENT);
    const gate = api.hold('POST', LIST);

    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    // aria-disabled, not disabled: the pressed button keeps focus while the save runs.
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    gate.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chen Wei' })).toBeVisible();
    const created = [...api.patients.patients.values()].find((p) => p.name === 'Chen Wei')!;
    expect(router.state.location.pathname).toBe(`/records/patients/${created._id}`);
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('Hypertension')).toBeInTheDocument();
  });

  it('shows the duplicate warning the API answers with', async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf', phone: '0123456789' }));
    renderPatientsPage();
    await findRow('Amina Yusuf');
    await userEvent.click(addButton()!);
    const user = userEvent.setup();
    await fillPatientForm(user, patientInput());
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    // On the new patient's chart.
    expect(
      await screen.findByText(
        'Patient saved, but a patient with the same name and phone number already exists. Check that this is not a duplicate.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Patient Details' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it('Edit opens the form with the patient and updates with If-Match', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf', age: 42 }));
    renderPatientsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Edit' }),
    );

    expect(addButton()).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Amina Yusuf');
    expect(screen.getByRole('heading', { name: 'Edit patient' })).toHaveFocus();
    expect(screen.getByLabelText('Age')).toHaveValue(42);
    expect(screen.getByLabelText('Blood group')).toHaveValue('O+');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(screen.getByLabelText('Has chronic diseases')).toBeChecked();

    await userEvent.clear(screen.getByLabelText('Diagnosed with'));
    await userEvent.type(screen.getByLabelText('Diagnosed with'), 'Bronchitis');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));

    const row = await findRow('Amina Yusuf');
    await waitFor(() => expect(row).toHaveTextContent('Bronchitis'));
    const [put] = api.requestsTo('PUT', ONE);
    expect(put!.path).toBe(`/api/records/patients/${amina._id}`);
    expect(put!.headers.get('If-Match')).toBe(`"${amina.updatedAt}"`);
    expect(put!.body).toMatchObject({ name: 'Amina Yusuf', diagnosedWith: 'Bronchitis' });
  });

  it('Edit on the chart opens the same patient and comes back to the chart, saying so', async () => {
    const { router } = renderPatientsPageWith(api, 'Amina Yusuf');
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'View Details' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Amina Yusuf');
    expect(screen.getByRole('heading', { name: 'Edit patient' })).toHaveFocus();
    const chartPath = router.state.location.pathname;

    await userEvent.clear(screen.getByLabelText('Diagnosed with'));
    await userEvent.type(screen.getByLabelText('Diagnosed with'), 'Bronchitis');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));

    expect(await screen.findByText('Amina Yusuf was updated.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Patient Details' })).toHaveFocus();
    expect(await screen.findByText('Bronchitis')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(chartPath);
  });

  it('says clearly when someone else changed the patient meanwhile (409)', async () => {
    const {
      patients: [amina],
    } = renderPatientsPageWith(api, 'Amina Yusuf');
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Edit' }),
    );
    await screen.findByLabelText('Name');
    api.patients.touch(amina._id);
    const touched = api.patients.patients.get(amina._id)!.updatedAt;

    await userEvent.type(screen.getByLabelText('Address'), ' (flat 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));
    // The user's edits stay on screen beside the message.

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone changed this patient while you were editing, so your changes were not saved.',
    );
    expect(screen.getByLabelText('Address')).toHaveValue('12 Harbour Road (flat 2)');

    await userEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Address')).toHaveValue('12 Harbour Road');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
    expect(api.requestsTo('PUT', ONE).map((r) => r.headers.get('If-Match'))).toEqual([
      `"${amina.updatedAt}"`,
      `"${touched}"`,
    ]);
  });

  it('shows the spec message and the server field errors when saving fails', async () => {
    renderPatientsPageWith(api, 'Amina Yusuf');
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Edit' }),
    );
    await screen.findByLabelText('Name');
    api.on('PUT', ONE, () =>
      Response.json(
        {
          message:
            'Phone number is not valid: start with + and the country code, or dial it as in your practice country',
          code: 'VALIDATION_FAILED',
          fieldErrors: {
            phone:
              'Phone number is not valid: start with + and the country code, or dial it as in your practice country',
            ownerId: 'Not allowed',
          },
        },
        { status: 400 },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(
      'An error occurred while saving the patient details. Please try again.',
    );
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      'With + and the country code (+351 912 345 678), or as dialled in your practice country. Phone number is not valid: start with + and the country code, or dial it as in your practice country',
    );

    api.on('PUT', ONE, () => new Response(null, { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));
    expect(await screen.findByText(/An error occurred while saving/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Patient' })).toBeEnabled();
  });
});
