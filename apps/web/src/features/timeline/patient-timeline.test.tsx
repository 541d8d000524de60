import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { itemTexts } from '../../test/queries.ts';
import { formatEntryTime } from './timeline-entry.tsx';
import { PatientTimeline } from './patient-timeline.tsx';
import { TIMELINE_PAGE, timelineApi } from './timeline-api.ts';

const section = patientSectionTests(PatientTimeline, createTestUser({ name: 'Dr Lena Hoffmann' }));

describe('PatientTimeline', () => {
  it('lists visits, prescriptions, allergies and appointments newest first in one ordered list', async () => {
    const { api, patient } = section;
    api.visits.add(patient._id, {
      occurredAt: '2026-01-10T09:00:00.000Z',
      reason: 'Asthma review',
      signed: true,
    });
    const prescription = api.clinical.addPrescription(patient._id, { medication: 'Salbutamol' });
    Object.assign(prescription, {
      createdAt: '2026-01-12T10:00:00.000Z',
      status: 'stopped',
      stoppedAt: '2026-02-01T08:00:00.000Z',
      stopReason: 'Tremor',
    });
    const allergy = api.clinical.addAllergy(patient._id, {
      substance: 'Penicillin',
      reaction: 'Hives',
    });
    allergy.createdAt = '2026-01-05T12:00:00.000Z';
    api.appointments.add({
      patientId: patient._id,
      start: '2026-03-02T09:00:00.000Z',
      reason: '',
    });
    section.render();

    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(itemTexts(list)).toEqual([
      `${formatEntryTime('2026-03-02T09:00:00.000Z', 'en')}AppointmentBookedNo reason given`,
      `${formatEntryTime('2026-02-01T08:00:00.000Z', 'en')}Prescription stoppedStoppedSalbutamolReason: Tremor`,
      `${formatEntryTime('2026-01-12T10:00:00.000Z', 'en')}Prescription startedStoppedSalbutamol`,
      `${formatEntryTime('2026-01-10T09:00:00.000Z', 'en')}VisitSignedAsthma review`,
      `${formatEntryTime('2026-01-05T12:00:00.000Z', 'en')}Allergy recordedSeverePenicillinReaction: Hives`,
    ]);
    const time = items[3]!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-01-10T09:00:00.000Z');
    expect(screen.queryByRole('button', { name: /Show older entries/ })).toBeNull();
  });

  it('shows older entries a page at a time and takes focus to the first one added', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    const count = TIMELINE_PAGE + 5;
    for (let day = 1; day <= count; day += 1)
      api.visits.add(patient._id, {
        occurredAt: new Date(Date.UTC(2025, 0, day, 9)).toISOString(),
        reason: `Review ${day}`,
      });
    section.render();

    const more = await screen.findByRole('button', {
      name: `Show older entries (${TIMELINE_PAGE} of ${count} shown)`,
    });
    const list = screen.getByRole('list', { name: 'Timeline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(TIMELINE_PAGE);
    await user.click(more);

    const added = await within(list).findByText('Review 5');
    await expect.poll(() => document.activeElement).toBe(added.closest('li'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(count);
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Review 1');
    expect(screen.queryByRole('button', { name: /Show older entries/ })).toBeNull();
    const [, second] = api.requestsTo('GET', /\/timeline$/);
    expect(second!.search.get('cursor')).toBeTruthy();
  });

  it("reads the timeline again when the patient's allergies change (their cache tag)", async () => {
    const { api, patient } = section;
    const { store } = section.render();
    expect(
      await screen.findByText('Nothing has been recorded for this patient yet.'),
    ).toBeVisible();
    api.clinical.addAllergy(patient._id, { substance: 'Latex' });
    // What the allergies' save does once the API has answered.
    store.dispatch(timelineApi.util.invalidateTags([{ type: 'Allergy', id: patient._id }]));
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(await within(list).findByText('Latex')).toBeVisible();
  });

  it('says so when nothing has been recorded yet', async () => {
    section.render();
    expect(
      await screen.findByText('Nothing has been recorded for this patient yet.'),
    ).toBeVisible();
  });

  it('shows the failure in the section, not as a page error', async () => {
    const { api } = section;
    api.on('GET', /\/timeline$/, () =>
      Response.json({ message: 'boom', code: 'INTERNAL' }, { status: 500 }),
    );
    section.render();
    expect(
      await screen.findByText('The timeline could not be loaded. Please try again later.'),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Timeline' })).toBeNull();
  });

  it("reads right to left in Arabic, with the date in the reader's format and typed names kept apart", async () => {
    await i18n.changeLanguage('ar');
    const { api, patient } = section;
    const allergy = api.clinical.addAllergy(patient._id, {
      substance: 'Penicillin',
      reaction: 'Hives',
    });
    section.render();

    const list = await screen.findByRole('list', { name: 'السجل الزمني' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('تسجيل حساسية');
    expect(item).toHaveTextContent('شديدة');
    expect(within(item!).getByText('Penicillin').tagName).toBe('BDI');
    expect(within(item!).getByText('Penicillin')).toHaveAttribute('dir', 'auto');
    expect(item!.querySelector('time')).toHaveTextContent(formatEntryTime(allergy.createdAt, 'ar'));
    expect(within(item!).getByText('Hives').tagName).toBe('BDI');
    expect(item).toHaveTextContent('التفاعل:');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
