import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { json, startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PatientVitals } from './patient-vitals.tsx';

const PRACTITIONER = createTestUser({ name: 'Dr Lena Hoffmann' });
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: PRACTITIONER });
});

const NOT_MEASURED = { systolic: null, diastolic: null, weight: null } as const;

function renderVitals(patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }))) {
  renderWithApp(<PatientVitals patient={patient} />, { path: '/records', user: PRACTITIONER });
  return patient;
}

/** The x of each marker of a chart, in the order they are drawn (oldest first). */
const markerXs = (chart: HTMLElement, shape: 'circle' | 'rect') =>
  [...chart.querySelectorAll(shape)].map((marker) =>
    Number(marker.getAttribute(shape === 'circle' ? 'cx' : 'x')),
  );

function threeVisits() {
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  api.visits.add(patient._id, {
    occurredAt: '2026-01-10T09:00:00Z',
    systolic: 140,
    diastolic: 90,
    weight: 80,
  });
  api.visits.add(patient._id, { ...NOT_MEASURED, occurredAt: '2026-02-01T09:00:00Z' });
  api.visits.add(patient._id, { ...NOT_MEASURED, occurredAt: '2026-02-10T09:00:00Z', weight: 78 });
  api.visits.add(patient._id, {
    occurredAt: '2026-03-02T09:00:00Z',
    systolic: 128,
    diastolic: 82,
    weight: 76.5,
  });
  return patient;
}

describe('PatientVitals', () => {
  it('draws one point per measured visit, named and summarised, with the values in a table', async () => {
    const user = userEvent.setup();
    renderVitals(threeVisits());

    const weight = await screen.findByRole('img', { name: 'Weight' });
    expect(weight).toHaveAccessibleDescription(
      '3 visits from Jan 10, 2026 to Mar 2, 2026, in kg: Weight latest 76.5, lowest 76.5, highest 80.',
    );
    expect(markerXs(weight, 'circle')).toHaveLength(3);
    const pressure = screen.getByRole('img', { name: 'Blood pressure' });
    expect(pressure).toHaveAccessibleDescription(
      '2 visits from Jan 10, 2026 to Mar 2, 2026, in mmHg: Systolic latest 128, lowest 128, highest 140 (high); Diastolic latest 82, lowest 82, highest 90 (high).',
    );
    expect(markerXs(pressure, 'circle')).toHaveLength(2);
    expect(markerXs(pressure, 'rect')).toHaveLength(2);
    // Oldest on the left in English.
    const xs = markerXs(weight, 'circle');
    expect(xs).toEqual([...xs].sort((a, b) => a - b));

    await user.click(screen.getByText('Show the values as a table'));
    const table = screen.getByRole('table', {
      name: 'Weight and blood pressure by visit, newest first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Visit', 'Weight (kg)', 'Systolic (mmHg)', 'Diastolic (mmHg)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(/Mar 2, 2026/);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['76.5', '128', '82']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['78', '–not measured', '–not measured']);
  });

  it('flags a blood pressure outside the adult reference range, in words beside the colour', async () => {
    const user = userEvent.setup();
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    api.visits.add(patient._id, {
      occurredAt: '2026-01-10T09:00:00Z',
      systolic: 88,
      diastolic: 58,
      weight: 80,
    });
    api.visits.add(patient._id, {
      occurredAt: '2026-03-02T09:00:00Z',
      systolic: 142,
      diastolic: 91,
      weight: 80,
    });
    renderVitals(patient);

    expect(await screen.findByRole('img', { name: 'Blood pressure' })).toHaveAccessibleDescription(
      '2 visits from Jan 10, 2026 to Mar 2, 2026, in mmHg: Systolic latest 142 (high), lowest 88 (low), highest 142 (high); Diastolic latest 91 (high), lowest 58 (low), highest 91 (high).',
    );
    await user.click(screen.getByText('Show the values as a table'));
    const [newest, oldest] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(newest!)).toEqual(['80', '142 High', '91 High']);
    expect(cells(oldest!)).toEqual(['80', '88 Low', '58 Low']);
    // Coloured as well: the flagged value's own style, which the weight has not.
    const [weight, systolic] = within(newest!).getAllByRole('cell');
    expect(systolic!.firstElementChild!.className).toMatch(/high/);
    expect(weight!.firstElementChild!.className).toBe('');
  });

  it('mirrors the time axis in Arabic: the newest point on the left, the value axis on the right', async () => {
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces('vitals');
    renderVitals(threeVisits());

    const weight = await screen.findByRole('img', { name: 'الوزن' });
    const xs = markerXs(weight, 'circle');
    expect(xs).toHaveLength(3);
    expect(xs).toEqual([...xs].sort((a, b) => b - a));
    // The value axis is on the right, its labels right of the plot.
    const arabic = new Intl.NumberFormat('ar');
    const labels = [...weight.querySelectorAll('text')].filter((text) =>
      ['76', '78', '80'].map((value) => arabic.format(Number(value))).includes(text.textContent!),
    );
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(Number(label.getAttribute('x'))).toBeGreaterThan(xs[0]!);
    const [latest, highest] = [arabic.format(76.5), arabic.format(80)];
    expect(weight).toHaveAccessibleDescription(
      new RegExp(`الأحدث ${latest}، الأدنى ${latest}، الأعلى ${highest}`),
    );
    expect(screen.getByText('عرض القيم في جدول')).toBeVisible();
  });

  it('says when nothing is measured yet, and draws no chart', async () => {
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    api.visits.add(patient._id, NOT_MEASURED);
    renderVitals(patient);

    expect(await screen.findByText('No weight or blood pressure recorded yet.')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws a single visit in the middle, and says which chart has no values', async () => {
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    api.visits.add(patient._id, { ...NOT_MEASURED, weight: 72.5 });
    renderVitals(patient);

    const weight = await screen.findByRole('img', { name: 'Weight' });
    expect(weight).toHaveAccessibleDescription(
      'One visit, on Mar 2, 2026, in kg: Weight latest 72.5, lowest 72.5, highest 72.5.',
    );
    const [x] = markerXs(weight, 'circle');
    const width = Number(weight.getAttribute('width'));
    expect(x).toBeGreaterThan(width / 3);
    expect(x).toBeLessThan((2 * width) / 3);
    expect(screen.getByText('No blood pressure recorded yet.')).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Blood pressure' })).toBeNull();
  });

  it('draws hundreds of visits as lines without markers, every one in the table', async () => {
    const user = userEvent.setup();
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    for (let day = 0; day < 300; day += 1) {
      api.visits.add(patient._id, {
        occurredAt: new Date(Date.UTC(2025, 0, 1 + day, 9)).toISOString(),
        systolic: 120 + (day % 15),
        diastolic: 80 - (day % 10),
        weight: 70 + (day % 7) / 2,
      });
    }
    renderVitals(patient);

    const pressure = await screen.findByRole('img', { name: 'Blood pressure' });
    expect(pressure).toHaveAccessibleDescription(/^300 visits from Jan 1, 2025 to Oct 27, 2025/);
    expect(markerXs(pressure, 'circle')).toEqual([]);
    const lines = pressure.querySelectorAll('polyline');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.getAttribute('points')!.split(' ')).toHaveLength(300);

    await user.click(screen.getByText('Show the values as a table'));
    // The table's own row count: a role query over 300 rows is slow in jsdom.
    expect((screen.getByRole('table') as HTMLTableElement).tBodies[0]!.rows).toHaveLength(300);
  });

  it('says when only the newest visits of a longer history are drawn', async () => {
    const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const visit = api.visits.add(patient._id, { ...NOT_MEASURED, weight: 72.5 });
    api.on('GET', /\/vitals$/, () =>
      json({
        points: [
          { visitId: visit._id, occurredAt: visit.occurredAt, ...NOT_MEASURED, weight: 72.5 },
        ],
        total: 1200,
      }),
    );
    renderVitals(patient);

    expect(
      await screen.findByText('The latest 1 of 1,200 visits with these measurements are shown.'),
    ).toBeVisible();
  });

  it('says the chart could not be loaded when the series fails', async () => {
    api.on('GET', /\/vitals$/, () => json({ message: 'down', code: 'INTERNAL' }, { status: 500 }));
    renderVitals();
    expect(
      await screen.findByText('The vital signs could not be loaded. Please try again later.'),
    ).toBeVisible();
  });
});
