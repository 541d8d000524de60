import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import {
  ACTIVE_PRESCRIPTION,
  CARE_PLAN_DUE_TODAY,
  idOf,
  renderMyHealthPage,
  SEVERE_ALLERGY,
  UPCOMING_APPOINTMENT,
} from '../../test/my-health-setup.tsx';
import type { FakeLinkedRecord } from '../../test/fake-my-health.ts';
import { MyHealthPage } from './my-health-page.tsx';

let api: FakeApi;
const user = createTestUser();

beforeEach(() => {
  api = startFakeApi({ user });
});

const render = (at = '/my-health') =>
  renderMyHealthPage(user, {
    at,
    routes: [{ path: '/my-health/:patientId', element: <MyHealthPage /> }],
  });

const section = (name: string) => screen.findByRole('region', { name });

const shown: Partial<FakeLinkedRecord> = {
  appointments: {
    upcoming: [UPCOMING_APPOINTMENT],
    past: [
      {
        _id: idOf('a0'),
        start: '2025-01-06T09:00:00.000Z',
        end: '2025-01-06T09:30:00.000Z',
        kind: 'video',
        status: 'fulfilled',
        requestExpiresAt: null,
        cancelReason: null,
        declineMessage: null,
      },
    ],
  },
  visits: [
    {
      _id: idOf('f1'),
      occurredAt: '2025-01-06T09:30:00.000Z',
      signedAt: '2025-01-06T10:00:00.000Z',
      reason: 'Check-up',
      systolic: 120,
      diastolic: 80,
      heartRate: null,
      temperature: null,
      weight: 70.5,
      height: null,
      oxygenSaturation: null,
      bmi: null,
      notes: null,
      addenda: [],
    },
  ],
  prescriptions: [ACTIVE_PRESCRIPTION],
  allergies: [SEVERE_ALLERGY],
  carePlans: [CARE_PLAN_DUE_TODAY],
};

describe('My health', () => {
  it('opens the one linked record with its sections', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My health: Amina Yusuf' }),
    ).toBeVisible();
    expect(within(await section('Your practice')).getByText('+49 30 1234567')).toBeVisible();
    const practice = await section('Your practice');
    expect(within(practice).getByText('Germany')).toBeVisible();
    expect(within(practice).getByText('Thursday')).toBeVisible();
    expect(within(practice).getByText('08:00–18:00')).toBeVisible();
    expect(within(practice).queryByText('Wednesday')).toBeNull();
    const appointments = await section('Appointments');
    expect(
      await within(appointments).findByRole('button', { name: /^Cancel the appointment of / }),
    ).toBeVisible();
    expect(within(appointments).getByText('Video call · Took place')).toBeVisible();
    const visits = await section('Visits');
    expect(await within(visits).findByText('Blood pressure 120/80 mmHg')).toBeVisible();
    expect(within(visits).getByText('Weight 70.5 kg')).toBeVisible();
    expect(
      await within(await section('Prescriptions')).findByText('Amoxicillin 500 mg'),
    ).toBeVisible();
    expect(await within(await section('Allergies')).findByText('Penicillin')).toBeVisible();
    expect(
      await within(await section('Immunizations')).findByText('No immunizations recorded.'),
    ).toBeVisible();
  });

  it('offers a message to the practice about the record', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    const { router } = renderMyHealthPage(user, {
      routes: [{ path: '/messages/new', element: <p>New conversation</p> }],
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Message the practice' }));
    expect(router.state.location.pathname).toBe('/messages/new');
    expect(router.state.location.search).toBe(`?patientId=${link.patientId}`);
    expect(router.state.location.state).toEqual({ patientName: 'Amina Yusuf' });
  });

  it('leads from the prescriptions to the printable list of medicines', async () => {
    const person = userEvent.setup();
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    renderMyHealthPage(user, {
      routes: [
        { path: '/my-health/:patientId/medicines/print', element: <h1>The medicines sheet</h1> },
      ],
    });
    const prescriptions = await section('Prescriptions');
    const print = await within(prescriptions).findByRole('link', { name: 'Print my medicines' });
    expect(print).toHaveAttribute('href', `/my-health/${link.patientId}/medicines/print`);
    print.focus();
    await person.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'The medicines sheet' })).toBeVisible();
  });

  it('leads from an active or completed prescription, not a stopped one, to asking for a refill', async () => {
    const person = userEvent.setup();
    const prescriptions = [
      ACTIVE_PRESCRIPTION,
      { ...ACTIVE_PRESCRIPTION, _id: idOf('c2'), medication: 'Ibuprofen', status: 'completed' },
      { ...ACTIVE_PRESCRIPTION, _id: idOf('c3'), medication: 'Codeine', status: 'stopped' },
    ] as typeof shown.prescriptions;
    api.myHealth.addLink(
      { patientName: 'Amina Yusuf' },
      { ...structuredClone(shown), prescriptions },
    );
    renderMyHealthPage(user, {
      routes: [{ path: '/buy-medicine', element: <h1>Buy Medicine</h1> }],
    });
    const section_ = await section('Prescriptions');
    const refills = await within(section_).findAllByRole('link', { name: /^Ask for a refill of / });
    expect(refills.map((link) => link.textContent)).toEqual([
      'Ask for a refill of Amoxicillin',
      'Ask for a refill of Ibuprofen',
    ]);
    refills[1]!.focus();
    await person.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Buy Medicine' })).toBeVisible();
  });

  it('shows a shared visit’s notes part by part, with its addenda', async () => {
    const visit = structuredClone(shown.visits![0]!);
    visit.notes = {
      subjective: 'Headaches for a week',
      objective: '',
      assessment: 'Tension headache',
      plan: 'Rest, fluids',
    };
    visit.addenda = [
      { _id: idOf('d1'), text: 'Blood test normal', createdAt: '2025-01-08T08:00:00.000Z' },
    ];
    api.myHealth.addLink(
      { patientName: 'Amina Yusuf' },
      { ...structuredClone(shown), visits: [visit] },
    );
    render();
    const visits = await section('Visits');
    expect(await within(visits).findByText('What you told the practice')).toBeVisible();
    expect(within(visits).getByText('Headaches for a week')).toBeVisible();
    expect(within(visits).getByText('Tension headache')).toBeVisible();
    expect(within(visits).queryByText('Findings')).toBeNull();
    expect(within(visits).getByText('Blood test normal')).toBeVisible();
  });

  it('shows the practice card without a phone or a cancellation notice', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    const record = api.myHealth.records.get(link.patientId)!.record;
    Object.assign(record.practice, { phone: null, street: null, cancellationNoticeHours: null });
    api.myHealth.tooLateToCancel.add(idOf('a1'));
    render();
    const practice = await section('Your practice');
    expect(await within(practice).findByText('10115 Berlin')).toBeVisible();
    expect(
      within(practice).getByText('Appointments can be cancelled here up to their start.'),
    ).toBeVisible();
    expect(within(practice).queryByText('Phone:')).toBeNull();
    const appointments = await section('Appointments');
    await userEvent.click(
      await within(appointments).findByRole('button', { name: /^Cancel the appointment of / }),
    );
    expect(await within(appointments).findByRole('alert')).toHaveTextContent(
      'This appointment is too close to cancel here. Please call the practice.',
    );
  });

  it('says when a vaccine was not given', async () => {
    api.myHealth.addLink(
      { patientName: 'Amina Yusuf' },
      {
        immunizations: [
          {
            _id: idOf('e1'),
            vaccine: 'Influenza',
            vaccineCode: null,
            occurredOn: '2025-10-01',
            doseNumber: null,
            lotNumber: '',
            site: null,
            route: null,
            status: 'not-done',
            statusReason: 'patient-objection',
          },
        ],
      },
    );
    render();
    const immunizations = await section('Immunizations');
    expect(await within(immunizations).findByText('Not given.')).toBeVisible();
  });

  it('offers a choice when several records are linked', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' });
    const child = api.myHealth.addLink({
      patientName: 'Omar Yusuf',
      relationship: 'parent-or-guardian',
    });
    const { router } = render();
    await userEvent.click(await screen.findByRole('link', { name: 'Omar Yusuf' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My health: Omar Yusuf' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(`/my-health/${child.patientId}`);
  });

  it('says when no record is linked', async () => {
    render();
    expect(
      await screen.findByText('No record is linked to your account. Your practice can invite you.'),
    ).toBeVisible();
  });

  it('offers joining a video visit in its window, and says when it opens before', async () => {
    const soon = new Date(Date.now() + 5 * 60_000);
    const later = new Date(Date.now() + 2 * 86_400_000);
    const visit = (id: string, start: Date) => ({
      ...UPCOMING_APPOINTMENT,
      _id: idOf(id),
      kind: 'video' as const,
      status: 'booked' as const,
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    });
    api.myHealth.addLink(
      { patientName: 'Amina Yusuf' },
      {
        ...structuredClone(shown),
        appointments: { upcoming: [visit('b1', soon), visit('b2', later)], past: [] },
      },
    );
    render();
    const appointments = await section('Appointments');
    const join = await within(appointments).findByRole('link', { name: 'Join video visit' });
    expect(join).toHaveAttribute('href', `/video/${idOf('b1')}`);
    expect(within(appointments).getAllByRole('link', { name: 'Join video visit' })).toHaveLength(1);
    expect(within(appointments).getByText(/^Video visit opens at /)).toBeVisible();
  });

  it('cancels an upcoming appointment, focus and announcement on the result', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    render();
    const appointments = await section('Appointments');
    await userEvent.click(
      await within(appointments).findByRole('button', { name: /^Cancel the appointment of / }),
    );
    const result = await within(appointments).findByText(/^The appointment of .+ is cancelled\.$/);
    await waitFor(() => expect(result).toHaveFocus());
    expect(currentAnnouncement()?.text).toBe(result.textContent);
    expect(api.requestsTo('POST', new RegExp(`/appointments/${idOf('a1')}/cancel$`))).toHaveLength(
      1,
    );
  });

  it('shows a request waiting for the practitioner, and a declined one with the practitioner’s message', async () => {
    api.myHealth.addLink(
      { patientName: 'Amina Yusuf' },
      {
        ...structuredClone(shown),
        appointments: {
          upcoming: [
            {
              ...UPCOMING_APPOINTMENT,
              status: 'requested',
              requestExpiresAt: '2030-01-05T09:00:00.000Z',
            },
          ],
          past: [
            {
              _id: idOf('a2'),
              start: '2025-02-03T09:00:00.000Z',
              end: '2025-02-03T09:30:00.000Z',
              kind: 'in-person',
              status: 'cancelled',
              requestExpiresAt: null,
              cancelReason: 'declined',
              declineMessage: 'Please book a video visit instead.',
            },
          ],
        },
      },
    );
    render();
    const appointments = await section('Appointments');
    expect(
      await within(appointments).findByText(/Requested — waiting for .Dr\. Lena Weber. to confirm/),
    ).toBeVisible();
    expect(within(appointments).getByText(/^If it is not confirmed by /)).toBeVisible();
    expect(
      within(appointments).queryByRole('button', { name: /^Cancel the appointment of / }),
    ).toBeNull();
    expect(within(appointments).getByText(/declined this request\.$/)).toBeVisible();
    expect(within(appointments).getByText('Please book a video visit instead.')).toBeVisible();
  });

  it('names the practice phone when it is too late to cancel', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    api.myHealth.tooLateToCancel.add(idOf('a1'));
    render(`/my-health/${link.patientId}`);
    const appointments = await section('Appointments');
    await userEvent.click(
      await within(appointments).findByRole('button', { name: /^Cancel the appointment of / }),
    );
    const refusal = await within(appointments).findByRole('alert');
    expect(refusal).toHaveTextContent(
      'This appointment is too close to cancel here. Please call the practice: +49 30 1234567.',
    );
    await waitFor(() => expect(refusal).toHaveFocus());
  });

  it('marks today’s care-plan activity done', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, structuredClone(shown));
    render();
    const plans = await section('Today\u2019s care-plan activities'.replace('\u2019', "'"));
    await userEvent.click(
      await within(plans).findByRole('button', { name: 'Mark Measure blood pressure done' }),
    );
    const result = await within(plans).findByText('Measure blood pressure marked done.');
    await waitFor(() => expect(result).toHaveFocus());
    expect(await within(plans).findByText('Done today.')).toBeVisible();
    expect(api.myHealth.marks.map((mark) => mark.body)).toEqual([{ status: 'done' }]);
  });

  it('downloads the FHIR record as a .json file', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:record');
    const { createObjectURL: before, revokeObjectURL: beforeRevoke } = URL;
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      render();
      await userEvent.click(
        await screen.findByRole('button', { name: 'Download my record (FHIR)' }),
      );
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const anchor = click.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.download).toMatch(/^health-record-.+\.json$/);
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(createObjectURL.mock.calls[0]![0]);
      });
      expect(JSON.parse(text)).toMatchObject({ resourceType: 'Bundle' });
      expect(currentAnnouncement()?.text).toBe('Your record was saved as a file.');
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: before, revokeObjectURL: beforeRevoke });
    }
  });

  it('leaves the record after a confirmation', async () => {
    const link = api.myHealth.addLink({ patientName: 'Amina Yusuf' });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave this record' }));
    const confirm = screen.getByRole('button', { name: 'Yes, leave' });
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.click(confirm);
    expect(
      await screen.findByText('No record is linked to your account. Your practice can invite you.'),
    ).toBeVisible();
    expect(api.requestsTo('DELETE', /^\/api\/me\/links\//).map((r) => r.path)).toEqual([
      `/api/me/links/${link._id}`,
    ]);
  });
});
