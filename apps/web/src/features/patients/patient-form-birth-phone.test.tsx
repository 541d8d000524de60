import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ageOn, PATIENT_MESSAGES, todayInUtc } from '@portal/shared/patient';
import { EMPTY_PRACTICE } from '@portal/shared/practice';
import { PatientForm } from './patient-form.tsx';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill, fillPatientForm } from '../../test/user-input.ts';

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

function renderForm(country: string | null) {
  const onSaved = vi.fn();
  renderWithApp(<PatientForm focusRequest={1} onSaved={onSaved} onCancel={vi.fn()} />, {
    user: createTestUser({ practice: { ...EMPTY_PRACTICE, country } }),
  });
  return { onSaved };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Patient' }));

describe('PatientForm: date of birth', () => {
  it('is an optional date field whose date fills in the age, and is sent', async () => {
    const { onSaved } = renderForm(null);
    const user = userEvent.setup();
    await fillPatientForm(user, patientInput({ age: 3 }));
    const date = screen.getByLabelText('Date of birth (optional)');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAccessibleDescription('The age is counted from it.');
    await fill(user, date, '1984-07-09');
    expect(screen.getByLabelText('Age')).toHaveValue(ageOn('1984-07-09', todayInUtc()));
    await submit();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [post] = api.requestsTo('POST', /^\/api\/records\/patients$/);
    expect(post!.body).toMatchObject({
      dateOfBirth: '1984-07-09',
      age: ageOn('1984-07-09', todayInUtc()),
    });
  });

  it('refuses a date in the future with its message', async () => {
    renderForm(null);
    const user = userEvent.setup();
    await fillPatientForm(user, patientInput());
    await fill(user, screen.getByLabelText('Date of birth (optional)'), '2999-01-01');
    await submit();
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Date of birth (optional)')).toHaveAccessibleDescription(
        expect.stringContaining(PATIENT_MESSAGES.dateOfBirthFuture),
      ),
    );
    expect(api.requestsTo('POST', /^\/api\/records\/patients$/)).toEqual([]);
  });
});

describe('PatientForm: phone numbers', () => {
  it('reads a national number in the practice country and sends it in E.164', async () => {
    const { onSaved } = renderForm('PT');
    const user = userEvent.setup();
    await fillPatientForm(
      user,
      patientInput({ phone: '912 345 678', emergencyContact: { phone: '+1 202 555 0123' } }),
    );
    await submit();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [post] = api.requestsTo('POST', /^\/api\/records\/patients$/);
    expect(post!.body).toMatchObject({
      phone: '+351912345678',
      emergencyContact: { phone: '+12025550123' },
    });
  });

  it('asks for the country code for a national number when no practice country is set', async () => {
    renderForm(null);
    const user = userEvent.setup();
    await fillPatientForm(user, patientInput({ phone: '912 345 678' }));
    await submit();
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
        expect.stringContaining(PATIENT_MESSAGES.phoneInvalid),
      ),
    );
    expect(api.requestsTo('POST', /^\/api\/records\/patients$/)).toEqual([]);
  });
});
