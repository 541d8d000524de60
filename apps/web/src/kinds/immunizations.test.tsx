import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18n from '../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { IMMUNIZATION_MESSAGES } from '@portal/shared/immunization';
import { PatientTimeline } from '../features/timeline/patient-timeline.tsx';
import { createTestUser } from '../test/factories.ts';
import { patientSectionTests } from '../test/patient-section.tsx';
import { expectRefusedFields, itemTexts } from '../test/queries.ts';
import { fill } from '../test/user-input.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { IMMUNIZATIONS } from './immunizations.tsx';
import { TIMELINE_ENTRY_NAMESPACES } from './registry.ts';

const section = patientSectionTests(IMMUNIZATIONS.Section, createTestUser());
const SEGMENT = IMMUNIZATIONS.shared.segment;

/** Chooses `label` in the form's select named `name`. */
async function choose(user: UserEvent, form: HTMLElement, name: string, label: string) {
  const select = within(form).getByRole('combobox', { name });
  await user.selectOptions(select, within(select).getByRole('option', { name: label }));
}

describe('the immunizations section', () => {
  it('lists the vaccines given newest first: a listed one by its name, one entered as text as typed', async () => {
    const { api, patient } = section;
    api.kinds.add(SEGMENT, patient._id, {
      vaccine: 'MMR',
      vaccineCode: '03',
      occurredOn: '2024-05-02',
      doseNumber: 2,
      lotNumber: 'AB123',
      site: 'left-arm',
    });
    api.kinds.add(SEGMENT, patient._id, {
      vaccine: 'Tick-borne encephalitis',
      vaccineCode: null,
      occurredOn: '2025-01-15',
      status: 'not-done',
      statusReason: 'out-of-stock',
    });
    section.render();
    const list = await screen.findByRole('list', { name: 'Immunizations' });
    expect(itemTexts(list)).toEqual([
      expect.stringContaining('Tick-borne encephalitisJan 15, 2025Not given: Out of stock'),
      expect.stringContaining(
        'Measles, mumps and rubella (MMR)May 2, 2024Dose 2GivenLot AB123 · Left arm',
      ),
    ]);
  });

  it('names a listed vaccine in the reader language (Arabic, right to left)', async () => {
    const { api, patient } = section;
    api.kinds.add(SEGMENT, patient._id, { vaccine: 'MMR', vaccineCode: '03' });
    api.kinds.add(SEGMENT, patient._id, { vaccine: 'Tick-borne encephalitis', vaccineCode: null });
    await i18n.changeLanguage('ar');
    section.render();
    const list = await screen.findByRole('list', { name: 'التطعيمات' });
    expect(within(list).getByText('الحصبة والنكاف والحصبة الألمانية (MMR)')).toBeVisible();
    expect(within(list).getByText('Tick-borne encephalitis')).toBeVisible();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('records one from the list: field messages first, then focus on the new item and an announcement', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    section.render();
    expect(await screen.findByText('No immunizations recorded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add immunization' }));
    const form = screen.getByRole('form', { name: 'New immunization' });
    await user.click(within(form).getByRole('button', { name: 'Save immunization' }));
    expectRefusedFields(form, [['combobox', 'Vaccine', IMMUNIZATION_MESSAGES.vaccineRequired]]);
    expect(within(form).getByLabelText('Date given')).toHaveAccessibleDescription(
      IMMUNIZATION_MESSAGES.occurredOnInvalid,
    );
    // The listed vaccines are sorted by their names in the reader's language.
    const names = within(within(form).getByRole('combobox', { name: 'Vaccine' }))
      .getAllByRole('option')
      .map((option) => option.textContent!);
    expect(names.slice(1, -1)).toEqual([...names.slice(1, -1)].sort((a, b) => a.localeCompare(b)));
    expect(names.at(-1)).toBe('Other (enter the name)');

    await choose(user, form, 'Vaccine', 'Measles, mumps and rubella (MMR)');
    await fill(user, within(form).getByLabelText('Date given'), '2025-03-04');
    await fill(user, within(form).getByRole('textbox', { name: 'Dose number' }), '1');
    await choose(user, form, 'Status', 'Not given');
    await user.click(within(form).getByRole('button', { name: 'Save immunization' }));
    expectRefusedFields(form, [['combobox', 'Reason', IMMUNIZATION_MESSAGES.reasonRequired]]);
    await choose(user, form, 'Reason', 'Patient declined');
    await user.click(within(form).getByRole('button', { name: 'Save immunization' }));

    const item = await screen.findByRole('listitem');
    await expect.poll(() => document.activeElement).toBe(item);
    expect(item).toHaveTextContent(
      'Measles, mumps and rubella (MMR)Mar 4, 2025Dose 1Not given: Patient declined',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Immunization with Measles, mumps and rubella (MMR) saved.',
    );
    expect(api.kinds.itemsOf(SEGMENT)).toMatchObject([
      {
        patientId: patient._id,
        vaccine: 'Measles, mumps and rubella (MMR)',
        vaccineCode: '03',
        occurredOn: '2025-03-04',
        doseNumber: 1,
        site: null,
        status: 'not-done',
        statusReason: 'patient-objection',
      },
    ]);
  });

  it("records one not in the list by its name: 'Other' asks for the name", async () => {
    const user = userEvent.setup();
    const { api } = section;
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Add immunization' }));
    const form = screen.getByRole('form', { name: 'New immunization' });
    expect(within(form).queryByRole('textbox', { name: 'Vaccine name' })).toBeNull();
    await choose(user, form, 'Vaccine', 'Other (enter the name)');
    await fill(user, within(form).getByLabelText('Date given'), '2025-03-04');
    await user.click(within(form).getByRole('button', { name: 'Save immunization' }));
    const name = expectRefusedFields(form, [
      ['textbox', 'Vaccine name', IMMUNIZATION_MESSAGES.vaccineRequired],
    ]);
    await fill(user, name, 'Tick-borne encephalitis');
    await user.click(within(form).getByRole('button', { name: 'Save immunization' }));
    await screen.findByRole('listitem');
    expect(api.kinds.itemsOf(SEGMENT)).toMatchObject([
      { vaccine: 'Tick-borne encephalitis', vaccineCode: null, status: 'completed' },
    ]);
  });

  it('changes one with If-Match, and says so in its own words when it changed meanwhile', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    const immunization = api.kinds.add(SEGMENT, patient._id, { vaccine: 'MMR', vaccineCode: '03' });
    const openedVersion = `"${immunization.updatedAt}"`;
    section.render();
    await user.click(
      await screen.findByRole('button', { name: 'Edit Measles, mumps and rubella (MMR)' }),
    );
    const form = screen.getByRole('form', {
      name: 'Change the immunization with Measles, mumps and rubella (MMR)',
    });
    await fill(user, within(form).getByRole('textbox', { name: 'Lot number' }), 'XY9');
    // Someone else changes it first: the stored version is no longer the one the form holds.
    immunization.updatedAt = '2030-01-01T00:00:00.000Z';
    await user.click(within(form).getByRole('button', { name: 'Save immunization' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This immunization was changed elsewhere. Cancel and open it again to see the latest version.',
    );
    const [put] = api.requestsTo('PUT', new RegExp(`/${SEGMENT}/${immunization._id}$`));
    expect(put!.headers.get('if-match')).toBe(openedVersion);
  });

  it("shows in the patient's timeline with its own label and state", async () => {
    const { api, patient } = section;
    api.kinds.add(SEGMENT, patient._id, {
      vaccine: 'Rabies',
      vaccineCode: null,
      occurredOn: '2025-02-01',
      performerNote: 'Nurse Kim, City Clinic',
      status: 'not-done',
      statusReason: 'immunity',
    });
    renderWithApp(
      <PatientTimeline patient={patient} entryNamespaces={TIMELINE_ENTRY_NAMESPACES} />,
      { path: '/records', user: createTestUser() },
    );
    const list = await screen.findByRole('list', { name: 'Timeline' });
    const [entry] = within(list).getAllByRole('listitem');
    expect(entry).toHaveTextContent('ImmunizationNot givenRabiesNote: Nurse Kim, City Clinic');
  });
});
