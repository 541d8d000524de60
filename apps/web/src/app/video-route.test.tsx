import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/axe.ts';
import { currentAnnouncement } from '../lib/a11y/announcer.ts';
import { clearStoredSession, storeToken } from '../lib/session/stored-session.ts';
import { createTestUser, patientInput } from '../test/factories.ts';
import { startFakeApi, type FakeApi } from '../test/fake-api.ts';
import { installFakeWebRtc } from '../test/fake-webrtc.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { named } from '../features/video/peer-announcements.ts';
import { VideoRoute } from './video-route.tsx';

const PRACTITIONER = createTestUser({ name: 'Dr Lee', timeZone: 'UTC' });
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: PRACTITIONER });
  storeToken('fake-id-token');
});

afterEach(() => clearStoredSession());

function renderPractitionerCall() {
  const patient = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
  const appointment = api.appointments.add({
    patientId: patient._id,
    start: new Date(Date.now() - 60_000).toISOString(),
    kind: 'video',
  });
  api.video.open(appointment._id, {
    role: 'practitioner',
    patientId: patient._id,
    peerName: 'Amina Yusuf',
  });
  const fakes = installFakeWebRtc();
  const view = renderWithApp(<VideoRoute />, {
    path: '/video/:appointmentId',
    at: `/video/${appointment._id}`,
    user: PRACTITIONER,
  });
  return { ...fakes, ...view, patient, appointment };
}

describe('the practitioner’s video visit (app/video-route.tsx)', () => {
  it('waits for the patient by name, then marks the appointment arrived from the call', async () => {
    const call = renderPractitionerCall();
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${named('Amina Yusuf')} will join soon.`,
    );
    const tools = await screen.findByRole('region', { name: 'This appointment' });
    expect(await within(tools).findByText(/Booked$/)).toBeVisible();
    const note = within(tools).getByRole('link', { name: /^Open a visit note/ });
    expect(note).toHaveAttribute(
      'href',
      `/records/patients/${call.patient._id}?startVisit=${call.appointment._id}#visits`,
    );
    expect(note).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(api.video.openStreams).toBe(1));
    act(() => api.video.emit('peer', { state: 'joined', role: 'patient' }));
    await userEvent.click(within(tools).getByRole('button', { name: 'Mark arrived' }));
    await waitFor(() => expect(currentAnnouncement()?.text).toMatch(/marked arrived\.$/));
    const put = api.requestsTo('PUT', new RegExp(`/appointments/${call.appointment._id}$`));
    expect(put.map((r) => (r.body as { status: string }).status)).toEqual(['arrived']);
    expect(await within(tools).findByRole('button', { name: 'Mark fulfilled' })).toBeVisible();
    const messages = screen.getByRole('complementary', { name: 'Messages' });
    expect(
      await within(messages).findByRole('button', { name: 'Start conversation' }),
    ).toBeVisible();
    await expectNoAxeViolations(call.container);
  });

  it('goes back to the agenda when the call ends', async () => {
    renderPractitionerCall();
    await waitFor(() => expect(api.video.openStreams).toBe(1));
    act(() => api.video.emit('ended', { by: 'patient' }));
    expect(await screen.findByText(`${named('Amina Yusuf')} ended the video visit.`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the agenda' })).toHaveAttribute(
      'href',
      '/appointments',
    );
  });
});
