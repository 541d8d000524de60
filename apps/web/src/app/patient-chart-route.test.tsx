import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chartPath } from '../lib/routes/chart-address.ts';
import { createTestUser, patientInput } from '../test/factories.ts';
import { startFakeApi, type FakeApi } from '../test/fake-api.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { PageOutlet } from './layout/page-outlet.tsx';
import { PatientChartRoute } from './patient-chart-route.tsx';
import { PatientsRoute } from './patients-route.tsx';

// The chart at its own address, as the app shows it: arrival (focus, title), the fragment's
// section, and `?startVisit=`.

const MEMBER = createTestUser({ premiumMember: true });
const ONE = /^\/api\/records\/patients\/[^/]+$/;
let api: FakeApi;
let scrolledTo: Element[];

beforeEach(() => {
  api = startFakeApi({ user: MEMBER });
  scrolledTo = [];
  // jsdom lays nothing out and has no scrollIntoView: record what would be scrolled to.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this);
  };
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

/** The layout's part that matters here: `<main>` and the page outlet, which handles arrival. */
function Layout() {
  const mainRef = useRef<HTMLElement>(null);
  return (
    <main id="main" ref={mainRef}>
      <PageOutlet mainRef={mainRef} />
    </main>
  );
}

function renderApp(at: string) {
  return renderWithApp(<p>Unused</p>, {
    path: '/unused',
    at,
    user: MEMBER,
    routes: [
      {
        element: <Layout />,
        children: [
          { path: '/records', element: <PatientsRoute /> },
          { path: '/records/patients/:id', element: <PatientChartRoute /> },
        ],
      },
    ],
  });
}

describe('PatientChartRoute', () => {
  it("arrives on the patient's name, which titles the page", async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    renderApp('/records');
    const name = await screen.findByText('Amina Yusuf');
    const gate = api.hold('GET', ONE);
    await userEvent.click(
      within(name.closest('li')!).getByRole('button', { name: 'View Details' }),
    );
    // Before the patient is there, the chart's heading holds the place, with focus.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Patient Details' });
    expect(heading).toHaveFocus();
    gate.release();

    await waitFor(() => expect(heading).toHaveTextContent('Amina Yusuf'));
    expect(heading).toHaveFocus();
    await waitFor(() => expect(document.title).toBe('Amina Yusuf · CareBridge'));
  });

  it('scrolls to the section the fragment names once the patient is there, focusing its heading', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const gate = api.hold('GET', ONE);
    renderApp(chartPath(amina._id, { section: 'vitals' }));
    await screen.findByText('Loading patient...');
    expect(scrolledTo).toEqual([]);
    gate.release();

    const heading = await screen.findByRole('heading', { name: 'Vital signs over time' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolledTo[0]).toBe(document.getElementById('vitals'));
    expect(heading.closest('#vitals')).not.toBeNull();
  });

  it('reaches an item that appears only once its own section has loaded (a care plan)', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const plan = api.carePlans.add(amina._id, { title: 'Blood pressure checks' });
    const plans = api.hold('GET', /\/care-plans$/);
    renderApp(chartPath(amina._id, { anchor: `care-plan-${plan._id}` }));
    await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' });
    expect(document.getElementById(`care-plan-${plan._id}`)).toBeNull();
    plans.release();

    await waitFor(() =>
      expect(scrolledTo).toContain(document.getElementById(`care-plan-${plan._id}`)),
    );
    expect(document.activeElement).toHaveTextContent('Blood pressure checks');
  });

  it('opens the visit form for the appointment in ?startVisit=, then drops it from the address', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const hour = 3_600_000;
    const booked = api.appointments.add({
      patientId: amina._id,
      start: new Date(Date.now() - hour).toISOString(),
    });
    const { router } = renderApp(
      chartPath(amina._id, { section: 'visits', startVisitFor: booked._id }),
    );

    const form = await screen.findByRole('form', { name: 'Record a visit' });
    await waitFor(() =>
      expect(within(form).getByRole('heading', { name: 'Record a visit' })).toHaveFocus(),
    );
    expect(
      within(form).getByRole('combobox', { name: 'Appointment this visit closes (optional)' }),
    ).toHaveValue(booked._id);
    // Replaced, so Back does not open the form again; the section stays in the address.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.hash).toBe('#visits');

    await userEvent.click(within(form).getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(api.requestsTo('POST', /\/visits$/)).toHaveLength(1));
    expect(api.requestsTo('POST', /\/visits$/)[0]!.body).toMatchObject({
      appointmentId: booked._id,
    });
  });
});
