import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { idOf, renderMyHealthPage } from '../../test/my-health-setup.tsx';

let api: FakeApi;
const user = createTestUser();

beforeEach(() => {
  api = startFakeApi({ user });
});

const render = () => renderMyHealthPage(user);

const VITALS = [
  {
    visitId: idOf('f1'),
    occurredAt: '2026-01-10T09:00:00.000Z',
    systolic: 140,
    diastolic: 90,
    weight: 80,
  },
  {
    visitId: idOf('f2'),
    occurredAt: '2026-03-02T09:00:00.000Z',
    systolic: 128,
    diastolic: 82,
    weight: 76.5,
  },
];

describe('My health: vital signs over time', () => {
  it("draws the practitioner's chart of the patient's own points, summarised, with the table", async () => {
    const userActions = userEvent.setup();
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, { vitals: VITALS });
    render();

    const region = await screen.findByRole('region', { name: 'Vital signs over time' });
    const weight = await within(region).findByRole('img', { name: 'Weight' });
    expect(weight).toHaveAccessibleDescription(
      '2 visits from Jan 10, 2026 to Mar 2, 2026, in kg: Weight latest 76.5, lowest 76.5, highest 80.',
    );
    expect(within(region).getByRole('img', { name: 'Blood pressure' })).toBeVisible();
    await userActions.click(within(region).getByText('Show the values as a table'));
    const table = within(region).getByRole('table', {
      name: 'Weight and blood pressure by visit, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['76.5', '128', '82']);
    expect(api.requestsTo('GET', /\/vitals$/).map((request) => request.path)).toEqual([
      `/api/me/patients/${link.patientId}/vitals`,
    ]);
  });

  it('says when nothing was measured yet', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, { vitals: [] });
    render();
    const region = await screen.findByRole('region', { name: 'Vital signs over time' });
    expect(
      await within(region).findByText('No weight or blood pressure recorded yet.'),
    ).toBeVisible();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces(['vitals', 'myHealth']);
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, { vitals: VITALS });
    render();
    const region = await screen.findByRole('region', { name: 'العلامات الحيوية عبر الزمن' });
    expect(await within(region).findByRole('img', { name: 'الوزن' })).toBeVisible();
  });
});
