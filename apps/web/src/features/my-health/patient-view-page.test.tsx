import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type { FakeLinkedRecord } from '../../test/fake-my-health.ts';
import { CARE_PLAN_DUE_TODAY, idOf, UPCOMING_APPOINTMENT } from '../../test/my-health-setup.tsx';
import { PatientViewLink } from './patient-view-link.tsx';
import { PatientViewPage } from './patient-view-page.tsx';

let api: FakeApi;
const user = createTestUser();
const patientId = '5b2d7e10-0000-4000-9000-0000000000f1';
const PATH = '/records/patients/:id/patient-view';
const at = `/records/patients/${patientId}/patient-view`;

beforeEach(() => {
  api = startFakeApi({ user });
});

/** A record with an appointment to cancel and an activity to mark, were it the patient's. */
const shown: Partial<FakeLinkedRecord> = {
  vitals: [
    {
      visitId: idOf('f1'),
      occurredAt: '2026-03-02T09:00:00.000Z',
      systolic: 128,
      diastolic: 82,
      weight: 76.5,
    },
  ],
  appointments: {
    upcoming: [UPCOMING_APPOINTMENT],
    past: [],
  },
  carePlans: [CARE_PLAN_DUE_TODAY],
};

const render = () =>
  renderWithApp(<PatientViewPage />, {
    path: PATH,
    at,
    user,
    routes: [{ path: '/records/patients/:id', element: <h1>The chart</h1> }],
  });

describe('Preview as the patient sees it', () => {
  it('shows the patient’s sections read-only under a banner, with the way back to the chart', async () => {
    const person = userEvent.setup();
    api.myHealth.addPreview({ patientId, patientName: 'Amina Yusuf' }, structuredClone(shown));
    render();
    const heading = screen.getByRole('heading', {
      level: 1,
      name: 'Preview as the patient sees it',
    });
    expect(heading).toHaveAttribute('tabindex', '-1');
    const banner = screen.getByRole('note');
    await within(banner).findByText('Amina Yusuf', { selector: 'bdi' });
    expect(banner).toHaveTextContent(
      'This is what Amina Yusuf sees. Nothing here can be changed.Back to the chart',
    );
    const appointments = await screen.findByRole('region', { name: 'Appointments' });
    expect(await within(appointments).findByText('In person · Booked')).toBeVisible();
    const plans = screen.getByRole('region', { name: "Today's care-plan activities" });
    expect(await within(plans).findByText('Due today.')).toBeVisible();
    const vitals = screen.getByRole('region', { name: 'Vital signs over time' });
    expect(await within(vitals).findByRole('img', { name: 'Weight' })).toBeVisible();
    expect(api.requestsTo('GET', /\/vitals$/).map((request) => request.path)).toEqual([
      `/api/records/patients/${patientId}/patient-view/vitals`,
    ]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Print my medicines' })).toBeNull();
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);

    await person.click(within(banner).getByRole('link', { name: 'Back to the chart' }));
    expect(await screen.findByRole('heading', { name: 'The chart' })).toBeVisible();
  });

  it('reads right to left in Arabic', async () => {
    api.myHealth.addPreview({ patientId, patientName: 'Amina Yusuf' });
    await i18n.changeLanguage('ar');
    render();
    expect(
      screen.getByRole('heading', { level: 1, name: 'معاينة كما يراها المريض' }),
    ).toBeVisible();
    const banner = screen.getByRole('note');
    await within(banner).findByText('Amina Yusuf', { selector: 'bdi' });
    expect(banner).toHaveTextContent(/^هذا ما يراه Amina Yusuf\. لا يمكن تغيير أي شيء هنا\./);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('is reached from the chart by its link', async () => {
    const person = userEvent.setup();
    api.myHealth.addPreview({ patientId, patientName: 'Amina Yusuf' });
    renderWithApp(<PatientViewLink patientId={patientId} />, {
      path: '/records/patients/:id',
      at: `/records/patients/${patientId}`,
      user,
      routes: [{ path: PATH, element: <PatientViewPage /> }],
    });
    await person.click(await screen.findByRole('link', { name: 'Preview as the patient sees it' }));
    expect(await screen.findByText('Amina Yusuf', { selector: 'bdi' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(/^This is what Amina Yusuf sees\./);
  });
});
