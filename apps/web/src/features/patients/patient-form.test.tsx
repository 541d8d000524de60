import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ZPatientInput } from '@portal/shared/patient';
import { fieldPaths } from '@portal/shared/schema-fields';
import { PatientForm } from './patient-form.tsx';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { expectEach } from '../../test/queries.ts';
import { fill, fillPatientForm } from '../../test/user-input.ts';

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

function renderForm() {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderWithApp(<PatientForm focusRequest={1} onSaved={onSaved} onCancel={onCancel} />, {
    user: createTestUser(),
  });
  return { onSaved, onCancel };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Patient' }));

const fillValid = () =>
  fillPatientForm(
    userEvent.setup(),
    patientInput({ bloodGroup: 'AB-', gender: 'Prefer not to say' }),
  );

/** The error text tied to a field through aria-describedby. */
function errorFor(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((ref) => ref.endsWith('-error'));
  if (!id) return null;
  return document.getElementById(id)?.textContent ?? null;
}

describe('PatientForm validation', () => {
  it('shows nothing before the first submit, then every required message on submit', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Phone number'), '12');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Phone number'));

    await submit();

    expectEach(errorFor, {
      Name: 'Name is required',
      'Diagnosed with': 'Diagnosis is required',
      Address: 'Address is required',
      Age: 'Age is required',
      'Blood group': 'Blood group is required',
      Gender: 'Gender is required',
      'Phone number': 'Phone number is required',
      'Emergency contact phone': 'Emergency contact phone is required',
      // E-mail is optional: blank is fine.
      'Email (optional)': null,
    });
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    // One summary is announced (it takes focus), not eight alerts at once.
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    const summary = screen.getByRole('group', { name: 'There are problems with 8 fields' });
    await vi.waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getAllByRole('link')).toHaveLength(8);
    await userEvent.click(within(summary).getByRole('link', { name: 'Gender is required' }));
    expect(screen.getByLabelText('Gender')).toHaveFocus();
    expect(api.requests).toHaveLength(0);
  });

  it('checks the age is not negative, the e-mail pattern and the phones', async () => {
    renderForm();
    await fillValid();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Age'));
    await fill(user, screen.getByLabelText('Age'), '-1');
    await fill(user, screen.getByLabelText('Email (optional)'), 'amina@example');
    await user.clear(screen.getByLabelText('Phone number'));
    await fill(user, screen.getByLabelText('Phone number'), '012345678');
    await user.clear(screen.getByLabelText('Emergency contact phone'));
    await fill(user, screen.getByLabelText('Emergency contact phone'), '09876x4321');

    await submit();

    expectEach(errorFor, {
      Age: 'Age cannot be negative',
      'Email (optional)': 'Please enter a valid email address',
      'Phone number':
        'Phone number is not valid: start with + and the country code, or dial it as in your practice country',
      'Emergency contact phone':
        'Emergency contact phone is not valid: start with + and the country code, or dial it as in your practice country',
      Name: null,
    });
    expect(api.requests).toHaveLength(0);
  });

  it('re-validates on change after a submit', async () => {
    renderForm();
    await submit();
    expect(errorFor('Name')).toBe('Name is required');

    await userEvent.type(screen.getByLabelText('Name'), 'A');
    expect(errorFor('Name')).toBeNull();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');

    await userEvent.type(screen.getByLabelText('Phone number'), '123');
    expect(errorFor('Phone number')).toBe(
      'Phone number is not valid: start with + and the country code, or dial it as in your practice country',
    );
    await userEvent.type(screen.getByLabelText('Phone number'), '4567890');
    expect(errorFor('Phone number')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Blood group'), 'O-');
    expect(errorFor('Blood group')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Blood group'), 'Select Blood Group');
    expect(errorFor('Blood group')).toBe('Blood group is required');
  });

  it('offers the empty blood-group placeholder and the four genders', () => {
    renderForm();
    const bloodGroup = screen.getByLabelText('Blood group');
    const bloodOptions = within(bloodGroup).getAllByRole('option');
    expect(bloodOptions[0]).toHaveTextContent('Select Blood Group');
    expect(bloodOptions[0]).toHaveValue('');
    expect(bloodOptions.slice(1).map((o) => o.textContent)).toEqual([
      'A+',
      'A-',
      'B+',
      'B-',
      'AB+',
      'AB-',
      'O+',
      'O-',
    ]);
    const genders = within(screen.getByLabelText('Gender')).getAllByRole('option');
    expect(genders.slice(1).map((o) => o.textContent)).toEqual([
      'Male',
      'Female',
      'Other',
      'Prefer not to say',
    ]);
    expect(screen.getByRole('heading', { name: 'New patient' })).toHaveFocus();
  });

  it('has one control for every field of the shared schema, in its order, with its kind and limits', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'New patient' });
    const controls = [...form.querySelectorAll('input, select')] as HTMLInputElement[];
    expect(controls.map((c) => c.name)).toEqual(fieldPaths(ZPatientInput).map((p) => p.join('.')));
    const kind = (label: string) => {
      const control = screen.getByLabelText(label) as HTMLInputElement;
      return `${control.tagName.toLowerCase()}:${control.type}`;
    };
    expectEach(kind, {
      Name: 'input:text',
      Age: 'input:number',
      'Blood group': 'select:select-one',
      'Email (optional)': 'input:email',
      'Emergency contact phone': 'input:tel',
      'Has chronic diseases': 'input:checkbox',
    });
    expect(screen.getByLabelText('Age')).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Age')).toHaveAttribute('max', '150');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Email (optional)')).not.toHaveAttribute('aria-required');
  });

  it('sends the shared schema output: trimmed, without a blank e-mail', async () => {
    const { onSaved } = renderForm();
    await fillValid();
    await userEvent.type(screen.getByLabelText('Name'), '  ');
    await userEvent.click(screen.getByLabelText('Has chronic diseases'));
    await submit();

    await vi.waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Amina Yusuf' }), []),
    );
    const [post] = api.requestsTo('POST', /^\/api\/records\/patients$/);
    // Every field of the schema but the blank e-mail, with what was typed.
    expect(Object.keys(post!.body as object).sort()).toEqual(
      Object.keys(ZPatientInput.shape)
        .filter((name) => name !== 'email')
        .sort(),
    );
    expect(post!.body).toMatchObject({
      name: 'Amina Yusuf',
      diagnosedWith: 'Asthma',
      address: '12 Harbour Road',
      age: 42,
      bloodGroup: 'AB-',
      gender: 'Prefer not to say',
      phone: '0123456789',
      emergencyContact: { phone: '0987654321' },
      hasChronicDiseases: true,
    });
  });

  it('shows the messages in Arabic when Arabic is chosen', async () => {
    await i18n.changeLanguage('ar');
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء مريض' }));
    const summary = await screen.findByRole('group', { name: 'توجد مشكلات في 8 حقول' });
    expect(summary).toHaveTextContent('الاسم مطلوب');
    expect(errorFor('رقم الهاتف')).toBe('رقم الهاتف مطلوب');
  });

  it('says what a phone number takes before anything is typed, in the reader’s language', async () => {
    renderForm();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'With + and the country code (+351 912 345 678), or as dialled in your practice country.',
    );
    expect(screen.getByLabelText('Emergency contact phone')).toHaveAccessibleDescription(
      'With + and the country code (+351 912 345 678), or as dialled in your practice country.',
    );
    await i18n.changeLanguage('de');
    expect(await screen.findByLabelText('Telefonnummer')).toHaveAccessibleDescription(
      'Mit + und der Landesvorwahl (+351 912 345 678) oder so, wie man sie im Land Ihrer Praxis wählt.',
    );
  });
});
