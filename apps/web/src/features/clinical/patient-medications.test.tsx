import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRESCRIPTION_MESSAGES } from '@portal/shared/prescription';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { expectRefusedFields } from '../../test/queries.ts';
import { fill } from '../../test/user-input.ts';
import { PatientMedications } from './patient-medications.tsx';

const section = patientSectionTests(PatientMedications, createTestUser());

async function prescribe(user: ReturnType<typeof userEvent.setup>, medication: string) {
  await user.click(await screen.findByRole('button', { name: 'Prescribe' }));
  const form = screen.getByRole('form', { name: 'New prescription' });
  await fill(user, within(form).getByRole('combobox', { name: 'Medication' }), medication);
  await fill(user, within(form).getByRole('textbox', { name: 'Dose' }), '1 tablet');
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Route' }), 'oral');
  await fill(user, within(form).getByRole('textbox', { name: 'Frequency' }), 'twice a day');
  await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
  return form;
}

describe('PatientMedications', () => {
  it('lists only the active medications', async () => {
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen', strength: '400 mg' });
    api.clinical.addPrescription(patient._id, { medication: 'Salbutamol', status: 'completed' });
    section.render();
    const list = await screen.findByRole('list', { name: 'Medications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Ibuprofen400 mg · 1 tablet · Oral · three times a day',
    );
    // Each part isolated, so "400 mg" keeps its order in a right-to-left line.
    const parts = within(list).getByRole('listitem').querySelectorAll('bdi');
    expect([...parts].map((part) => part.textContent)).toEqual([
      '400 mg',
      '1 tablet',
      'Oral',
      'three times a day',
    ]);
  });

  it("moves focus to the new prescription's heading when Prescribe opens it", async () => {
    const user = userEvent.setup();
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Prescribe' }));
    const form = screen.getByRole('form', { name: 'New prescription' });
    expect(within(form).getByRole('heading', { name: 'New prescription' })).toHaveFocus();
  });

  it('refuses a prescription without dose and route, with the messages on the fields', async () => {
    const user = userEvent.setup();
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Prescribe' }));
    const form = screen.getByRole('form', { name: 'New prescription' });
    await fill(user, within(form).getByRole('combobox', { name: 'Medication' }), 'Ibuprofen');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expectRefusedFields(form, [
      ['textbox', 'Dose', PRESCRIPTION_MESSAGES.doseRequired],
      ['combobox', 'Route', PRESCRIPTION_MESSAGES.routeRequired],
    ]);
    expect(section.api.requestsTo('POST', /\/prescriptions$/)).toHaveLength(0);
  });

  it('asks about a matching allergy, saves only once acknowledged, and sends the acknowledgement', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    section.render();
    api.clinical.addAllergy(patient._id, { substance: 'Penicillin', reaction: 'Anaphylaxis' });
    const form = await prescribe(user, 'Penicillin V');
    const warning = await within(form).findByRole('alert');
    await expect.poll(() => document.activeElement).toBe(warning);
    expect(warning).toHaveTextContent('Penicillin · Severe · Anaphylaxis');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const box = within(form).getByRole('checkbox', {
      name: 'I have considered the allergy and want to prescribe this medication.',
    });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(
      'Confirm that you have considered the allergy, or change the medication.',
    );
    expect(api.clinical.prescriptions).toHaveLength(0);
    await user.click(box);
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const item = await screen.findByRole('listitem');
    await expect.poll(() => document.activeElement).toBe(item);
    expect(screen.getByRole('status')).toHaveTextContent('Prescription of Penicillin V saved.');
    const posts = api.requestsTo('POST', /\/prescriptions$/);
    expect(
      posts.map(
        (request) => (request.body as { allergyAcknowledged: boolean }).allergyAcknowledged,
      ),
    ).toEqual([false, true]);
  });

  it('names the drug class in the warning, and marks a cross-reactive class as a caution', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.clinical.addAllergy(patient._id, { substance: 'Penicillin', reaction: 'Anaphylaxis' });
    section.render();
    const form = await prescribe(user, 'Amoxicillin 500 mg');
    const warning = await within(form).findByRole('alert');
    await expect.poll(() => document.activeElement).toBe(warning);
    expect(within(warning).getByRole('listitem')).toHaveTextContent(
      'Penicillin · Severe · AnaphylaxisAmoxicillin 500 mg is a penicillin; the patient is allergic to Penicillin.',
    );
    await fill(user, within(form).getByRole('combobox', { name: 'Medication' }), 'Cefalexin');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const caution = await within(form).findByRole('alert');
    expect(within(caution).getByRole('listitem')).toHaveTextContent(
      'Caution, possible cross-reactivity: Cefalexin is a cephalosporin; the patient is allergic to Penicillin.',
    );
    expect(api.clinical.prescriptions).toHaveLength(0);
  });

  it('words the class warning in Arabic, right to left', async () => {
    const user = userEvent.setup();
    const { default: i18next } = await import('../../i18n/i18n.ts');
    const { api, patient } = section;
    api.clinical.addAllergy(patient._id, { substance: 'بنسلين', reaction: '' });
    await i18next.changeLanguage('ar');
    try {
      section.render();
      await user.click(await screen.findByRole('button', { name: 'وصف دواء' }));
      const form = screen.getByRole('form', { name: 'وصفة جديدة' });
      await fill(user, within(form).getByRole('combobox', { name: 'الدواء' }), 'أموكسيسيلين');
      await fill(user, within(form).getByRole('textbox', { name: 'الجرعة' }), '1');
      await user.selectOptions(
        within(form).getByRole('combobox', { name: 'طريقة الإعطاء' }),
        'oral',
      );
      await fill(user, within(form).getByRole('textbox', { name: 'عدد المرات' }), '2');
      await user.click(within(form).getByRole('button', { name: 'حفظ الوصفة' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'أموكسيسيلين من البنسلينات؛ المريض لديه حساسية من بنسلين.',
      );
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('stops a medication with its reason: it leaves the list and the change is announced', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Ibuprofen' });
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Stop Ibuprofen' }));
    const form = screen.getByRole('form', { name: 'Stop Ibuprofen' });
    await user.click(within(form).getByRole('button', { name: 'Stop medication' }));
    const reason = expectRefusedFields(form, [
      ['textbox', 'Reason for stopping', PRESCRIPTION_MESSAGES.stopReasonRequired],
    ]);
    await fill(user, reason, 'Stomach pain');
    await user.click(within(form).getByRole('button', { name: 'Stop medication' }));
    expect(await screen.findByText('No active medications.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Ibuprofen stopped.');
    await expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('heading', { name: 'Medications' }));
    expect(api.clinical.prescriptions[0]).toMatchObject({
      status: 'stopped',
      stopReason: 'Stomach pain',
    });
  });

  it("suggests the practitioner's earlier medications while typing", async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    section.render();
    api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin', status: 'completed' });
    await user.click(await screen.findByRole('button', { name: 'Prescribe' }));
    const form = screen.getByRole('form', { name: 'New prescription' });
    await fill(user, within(form).getByRole('combobox', { name: 'Medication' }), 'amo');
    await expect
      .poll(() => [...form.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')))
      .toEqual(['Amoxicillin']);
  });

  it('sends an active prescription to the pharmacy the patient chose: the action names it, the result is announced and shown', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin' });
    api.clinical.choosePharmacy(patient._id, 'Farmácia do Rossio');
    section.render();
    await user.click(
      await screen.findByRole('button', { name: 'Send Amoxicillin to Farmácia do Rossio' }),
    );
    const form = screen.getByRole('form', {
      name: "Send Amoxicillin to Farmácia do Rossio, the patient's pharmacy",
    });
    expect(within(form).getByRole('heading')).toHaveFocus();
    expect(form).toHaveTextContent('Farmácia do Rossio, Rua Augusta 1, Lisboa');
    await user.click(within(form).getByRole('button', { name: 'Send to the pharmacy' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Amoxicillin was sent to Farmácia do Rossio.',
    );
    const item = screen.getByRole('listitem');
    await expect.poll(() => item.textContent).toContain('Sent to Farmácia do Rossio.');
    expect(
      within(item).queryByRole('button', { name: /^Send Amoxicillin/ }),
    ).not.toBeInTheDocument();
    expect(api.requestsTo('POST', /\/pharmacy$/)).toHaveLength(1);
  });

  it('offers no sending while the patient has chosen no pharmacy', async () => {
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin' });
    section.render();
    await screen.findByRole('button', { name: 'Edit Amoxicillin' });
    expect(screen.queryByRole('button', { name: /^Send / })).not.toBeInTheDocument();
  });

  it('does not offer Edit on a dispensed prescription, says who dispensed it, and still lets it be stopped', async () => {
    const { api, patient } = section;
    const dispensed = api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin' });
    Object.assign(dispensed, {
      dispensedAt: '2026-03-02T10:00:00.000Z',
      dispensedBy: 'Farmácia Central',
    });
    section.render();
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent(
      'Dispensed by Farmácia Central on Mar 2, 2026: what was handed out can no longer be edited.',
    );
    expect(
      within(item).queryByRole('button', { name: 'Edit Amoxicillin' }),
    ).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Stop Amoxicillin' })).toBeInTheDocument();
  });

  it('shows the refusal when the prescription was dispensed while it was being edited', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    const prescription = api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin' });
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Edit Amoxicillin' }));
    const form = screen.getByRole('form', { name: 'Change the prescription of Amoxicillin' });
    prescription.dispensedAt = '2026-03-02T10:00:00.000Z';
    prescription.dispensedBy = 'Farmácia Central';
    await fill(user, within(form).getByRole('textbox', { name: 'Dose' }), '2 tablets');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This prescription has been dispensed by a pharmacy, so what was handed out can no longer be changed. Stop it, or write a new prescription.',
    );
  });
});
