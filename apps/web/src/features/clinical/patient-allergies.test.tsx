import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALLERGY_MESSAGES } from '@portal/shared/allergy';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { expectRefusedFields } from '../../test/queries.ts';
import { fill } from '../../test/user-input.ts';
import { PatientAllergies } from './patient-allergies.tsx';

const section = patientSectionTests(PatientAllergies, createTestUser());

describe('PatientAllergies', () => {
  it("lists the patient's allergies, newest first", async () => {
    const { api, patient } = section;
    const other = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
    api.clinical.addAllergy(patient._id, { substance: 'Penicillin', reaction: 'Hives' });
    api.clinical.addAllergy(patient._id, {
      substance: 'Latex',
      severity: 'mild',
      status: 'resolved',
    });
    api.clinical.addAllergy(other._id, { substance: 'Peanuts' });
    section.render();
    const list = await screen.findByRole('list', { name: 'Allergies' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['LatexMildResolved', 'PenicillinSevereHivesActive']);
  });

  it('records an allergy: field messages first, then focus on the new item and an announcement', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    section.render();
    expect(await screen.findByText('No allergies recorded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add allergy' }));
    const form = screen.getByRole('form', { name: 'New allergy' });
    await user.click(within(form).getByRole('button', { name: 'Save allergy' }));
    const substance = expectRefusedFields(form, [
      ['textbox', 'Substance', ALLERGY_MESSAGES.substanceRequired],
      ['combobox', 'Severity', ALLERGY_MESSAGES.severityRequired],
    ]);
    await fill(user, substance, 'Penicillin');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Severity' }), 'severe');
    await user.click(within(form).getByRole('button', { name: 'Save allergy' }));
    const item = await screen.findByRole('listitem');
    await expect.poll(() => document.activeElement).toBe(item);
    expect(item).toHaveTextContent('PenicillinSevereActive');
    expect(screen.getByRole('status')).toHaveTextContent('Allergy to Penicillin saved.');
    expect(api.clinical.allergies).toMatchObject([
      { patientId: patient._id, substance: 'Penicillin', severity: 'severe', status: 'active' },
    ]);
  });

  it('after recording an allergy, lists in the status line the active medications it warns for', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.clinical.addPrescription(patient._id, { medication: 'Amoxicillin 500 mg' });
    api.clinical.addPrescription(patient._id, { medication: 'Ceftriaxone' });
    api.clinical.addPrescription(patient._id, { medication: 'Metformin' });
    api.clinical.addPrescription(patient._id, { medication: 'Co-amoxiclav', status: 'completed' });
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Add allergy' }));
    const form = screen.getByRole('form', { name: 'New allergy' });
    await fill(user, within(form).getByRole('textbox', { name: 'Substance' }), 'penicillins');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Severity' }), 'severe');
    await user.click(within(form).getByRole('button', { name: 'Save allergy' }));
    const list = await screen.findByRole('list', { name: 'Allergies' });
    await expect.poll(() => document.activeElement).toBe(within(list).getByRole('listitem'));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Allergy to penicillins saved.');
    expect(status).toHaveTextContent('It warns for these 2 active medications:');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Amoxicillin 500 mg is a penicillin; the patient is allergic to penicillins.',
      'Caution, possible cross-reactivity: Ceftriaxone is a cephalosporin; the patient is allergic to penicillins.',
    ]);
  });

  it('marks an allergy resolved with If-Match, and says so when it changed meanwhile', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    const allergy = api.clinical.addAllergy(patient._id, { substance: 'Penicillin' });
    const openedVersion = `"${allergy.updatedAt}"`;
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Edit Penicillin' }));
    const form = screen.getByRole('form', { name: 'Change the allergy to Penicillin' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'resolved');
    // Someone else changes it first: the stored version is no longer the one the form holds.
    allergy.updatedAt = '2030-01-01T00:00:00.000Z';
    await user.click(within(form).getByRole('button', { name: 'Save allergy' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This allergy was changed elsewhere.',
    );
    expect(
      api.requestsTo('PUT', new RegExp(`/allergies/${allergy._id}$`))[0]!.headers.get('if-match'),
    ).toBe(openedVersion);
  });

  it('shows the API field message in the reader language (Arabic, right to left)', async () => {
    const user = userEvent.setup();
    const { default: i18next } = await import('../../i18n/i18n.ts');
    await i18next.changeLanguage('ar');
    try {
      section.render();
      await user.click(await screen.findByRole('button', { name: 'إضافة حساسية' }));
      const form = screen.getByRole('form', { name: 'حساسية جديدة' });
      await user.click(within(form).getByRole('button', { name: 'حفظ الحساسية' }));
      expect(within(form).getByRole('textbox', { name: 'المادة' })).toHaveAccessibleDescription(
        'يرجى إدخال المادة التي يتحسس منها المريض.',
      );
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
