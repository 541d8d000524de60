import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestUser, patientInput } from '../test/factories.ts';
import { patientSectionTests } from '../test/patient-section.tsx';
import { PatientVisitsWithAppointments } from './visits-with-appointments.tsx';

const section = patientSectionTests(PatientVisitsWithAppointments, createTestUser());

describe('PatientVisitsWithAppointments', () => {
  it("offers the patient's booked appointments of the last weeks, newest first", async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    const other = api.patients.insert(patientInput({ name: 'Jean Dupont' }));
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const lastWeek = api.appointments.add({ patientId: patient._id, start: at(-168 * hour) });
    const today = api.appointments.add({ patientId: patient._id, start: at(-hour), kind: 'video' });
    api.appointments.add({ patientId: other._id, start: at(-2 * hour) });
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Record a visit' }));
    const choice = await screen.findByRole('combobox', {
      name: 'Appointment this visit closes (optional)',
    });
    const options = within(choice).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '',
      today._id,
      lastWeek._id,
    ]);
    expect(options[1]).toHaveTextContent(/Video · Booked$/);
  });
});
