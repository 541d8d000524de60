import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { PatientVisits } from './patient-visits.tsx';

const section = patientSectionTests(PatientVisits, createTestUser({ name: 'Dr Lena Hoffmann' }));

const visitNamed = async (reason: RegExp) =>
  within(await screen.findByRole('list', { name: 'Visits' })).getByRole('listitem', {
    name: reason,
  });

describe("PatientVisits: a signed visit's sharing with the patient", () => {
  it('offers the choice on signed visits only, and saves the choice as it is made, focus kept', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.visits.add(patient._id, { reason: 'Asthma review', signed: true });
    api.visits.add(patient._id, { occurredAt: '2026-03-03T09:00:00Z', reason: 'Draft check' });
    section.render();

    const draft = await visitNamed(/Draft check/);
    expect(within(draft).queryByLabelText('Shared with the patient')).toBeNull();
    const signed = await visitNamed(/Asthma review/);
    const choice = within(signed).getByRole('combobox', { name: 'Shared with the patient' });
    expect(choice).toHaveDisplayValue('Automatically (signed after linking)');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Automatically (signed after linking)', 'Always', 'Never (kept private)']);

    await user.selectOptions(choice, 'Never (kept private)');
    await expect.poll(() => screen.getByRole('status').textContent).toBe('Sharing saved');
    const [sent] = api.requestsTo('PUT', /\/sharing$/).slice(-1);
    expect(sent!.body).toEqual({ sharing: 'private' });
    expect(api.visits.visits.find((visit) => visit.reason === 'Asthma review')).toMatchObject({
      patientSharing: 'private',
    });
    expect(choice).toHaveFocus();
    expect(choice).toHaveDisplayValue('Never (kept private)');
  });

  it('says when the choice was not saved, beside it, and shows the stored choice again', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.visits.add(patient._id, { reason: 'Asthma review', signed: true });
    api.on('PUT', /\/sharing$/, () =>
      Response.json({ message: 'Not found', code: 'VISIT_NOT_FOUND' }, { status: 404 }),
    );
    section.render();

    const signed = await visitNamed(/Asthma review/);
    const choice = within(signed).getByRole('combobox', { name: 'Shared with the patient' });
    await user.selectOptions(choice, 'Always');
    expect(await within(signed).findByRole('alert')).toHaveTextContent(
      'The sharing could not be saved. Please try again.',
    );
    expect(choice).toHaveDisplayValue('Automatically (signed after linking)');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces('visits');
    const { api, patient } = section;
    api.visits.add(patient._id, { reason: 'Asthma review', signed: true });
    section.render();
    const choice = await screen.findByRole('combobox', { name: 'المشاركة مع المريض' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['تلقائيًا (إذا وُقّعت بعد الربط)', 'دائمًا', 'أبدًا (تبقى خاصة)']);
  });
});
