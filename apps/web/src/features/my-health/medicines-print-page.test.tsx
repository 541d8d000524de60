import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import type { FakeLinkedRecord } from '../../test/fake-my-health.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type { TMyPrescription } from './api-types.ts';
import { MedicinesPrintPage } from './medicines-print-page.tsx';

let api: FakeApi;
const user = createTestUser();

beforeEach(() => {
  api = startFakeApi({ user });
});

const idOf = (tail: string) => `5b2d7e10-0000-4000-9000-${tail.padStart(12, '0')}`;

const prescription = (input: Partial<TMyPrescription>): TMyPrescription => ({
  _id: idOf('b1'),
  medication: 'Amlodipine',
  strength: '5 mg',
  dose: '1 tablet',
  frequency: 'once a day',
  route: 'oral',
  duration: '',
  endDate: '',
  instructions: 'In the morning.',
  status: 'active',
  stoppedAt: null,
  verifyUrl: null,
  dispensedAt: null,
  dispensedBy: null,
  pharmacyId: null,
  sentAt: null,
  readyAt: null,
  createdAt: '2026-03-02T10:05:00.000Z',
  ...input,
});

const shown: Partial<FakeLinkedRecord> = {
  prescriptions: [
    prescription({}),
    prescription({
      _id: idOf('b2'),
      medication: 'Salbutamol',
      strength: '',
      dose: '2 puffs',
      route: 'inhaled',
      frequency: 'when needed',
      endDate: '2030-06-01',
      instructions: '',
    }),
    prescription({
      _id: idOf('b3'),
      medication: 'Ibuprofen',
      strength: '400 mg',
      status: 'stopped',
      stoppedAt: '2026-04-01T08:00:00.000Z',
    }),
    prescription({ _id: idOf('b4'), medication: 'Amoxicillin', status: 'completed' }),
  ],
  allergies: [
    {
      _id: idOf('a1'),
      substance: 'Penicillin',
      reaction: 'Rash',
      severity: 'severe',
      status: 'active',
      createdAt: '2025-01-06T10:06:00.000Z',
    },
    {
      _id: idOf('a2'),
      substance: 'Latex',
      reaction: '',
      severity: 'mild',
      status: 'resolved',
      createdAt: '2025-01-06T10:06:00.000Z',
    },
  ],
};

const render = (patientId: string) =>
  renderWithApp(<MedicinesPrintPage />, {
    path: '/my-health/:patientId/medicines/print',
    at: `/my-health/${patientId}/medicines/print`,
    user,
  });

const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('MedicinesPrintPage', () => {
  it('ends with the verification code of each current medicine, with its address', async () => {
    const url = 'http://localhost:3000/verify/eyJhbGciOiJFZERTQSJ9.eyJqdGkiOiIxIn0.c2ln';
    const record = structuredClone(shown);
    record.prescriptions![0]!.verifyUrl = url;
    record.prescriptions![2]!.verifyUrl = `${url}-stopped`;
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, record);
    render(link.patientId);
    const codes = await screen.findByRole('region', { name: 'Verification codes' });
    expect(
      await within(codes).findByRole('img', { name: 'Verification code of Amlodipine' }),
    ).toBeVisible();
    expect(within(codes).getByText(url)).toBeVisible();
    expect(within(codes).getAllByRole('img')).toHaveLength(1);
  });

  it('prints the patient, the practice, the active medicines in full and the past ones shorter', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    render(link.patientId);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'List of medicines' }),
    ).toBeVisible();
    const active = await screen.findByRole('table', { name: 'Current medicines' });
    const [header, ...rows] = within(active).getAllByRole('row');
    expect(cellsOf(header!)).toEqual([
      'Medication',
      'Strength and dose',
      'Route',
      'How often',
      'How long',
      'Instructions',
      'Prescribed on',
    ]);
    expect(rows.map(cellsOf)).toEqual([
      [
        'Amlodipine',
        '5 mg, 1 tablet',
        'By mouth',
        'once a day',
        '',
        'In the morning.',
        'Mar 2, 2026',
      ],
      ['Salbutamol', '2 puffs', 'Inhaled', 'when needed', 'until Jun 1, 2030', '', 'Mar 2, 2026'],
    ]);
    const past = screen.getByRole('table', { name: 'Past medicines' });
    expect(within(past).getAllByRole('row').map(cellsOf)).toEqual([
      ['Medication', 'Strength and dose', 'Prescribed on', 'Ended'],
      ['Ibuprofen', '400 mg, 1 tablet', 'Mar 2, 2026', 'Stopped on Apr 1, 2026'],
      ['Amoxicillin', '5 mg, 1 tablet', 'Mar 2, 2026', 'Completed'],
    ]);
    const facts = screen.getByText('Patient').closest('dl')!;
    expect(facts).toHaveTextContent('PatientAmina Yusuf');
    expect(facts).toHaveTextContent('Date of birthApril 12, 1990');
    const practice = document.querySelector('address')!;
    expect(practice).toHaveTextContent('Praxis am Markt');
    expect(practice).toHaveTextContent('Marktstraße 4');
    expect(practice).toHaveTextContent('10115 Berlin');
    expect(practice).toHaveTextContent('Phone: 030 1234567');
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to My health' })).toHaveAttribute(
      'href',
      `/my-health/${link.patientId}`,
    );
  });

  it('lists the allergies in force under the header, and nothing of an invitation', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    api.myHealth.addInvitation({ patientId: link.patientId, code: 'secret-code-never-printed' });
    render(link.patientId);
    const allergies = await screen.findByRole('region', { name: 'Allergies' });
    expect(within(allergies).getByRole('listitem')).toHaveTextContent('Penicillin · Severe · Rash');
    expect(within(allergies).queryByText(/Latex/)).toBeNull();
    expect(document.body).not.toHaveTextContent('secret-code-never-printed');
    expect(document.querySelector('svg, canvas')).toBeNull();
  });

  it('reads right to left in Arabic, medication names set apart', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    await i18n.changeLanguage('ar');
    render(link.patientId);
    expect(await screen.findByRole('heading', { level: 1, name: 'قائمة الأدوية' })).toBeVisible();
    const active = await screen.findByRole('table', { name: 'الأدوية الحالية' });
    const medication = within(active).getByRole('rowheader', { name: 'Amlodipine' });
    expect(medication.querySelector('bdi')).toHaveTextContent('Amlodipine');
    expect(within(active).getAllByRole('row')[1]).toHaveTextContent('عن طريق الفم');
    expect(screen.getByRole('link', { name: 'العودة إلى صحتي' })).toBeVisible();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('says the record is no longer shared when the link has ended', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    api.myHealth.links.find((one) => one._id === link._id)!.endedAt = '2026-11-01T00:00:00.000Z';
    render(link.patientId);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You no longer have access to this record.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'List of medicines' })).toBeVisible();
  });
});
