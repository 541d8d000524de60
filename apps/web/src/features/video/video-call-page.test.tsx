import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { installFakeWebRtc, type FakeMediaOptions } from '../../test/fake-webrtc.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { named } from './peer-announcements.ts';
import { VideoCallPage } from './video-call-page.tsx';

const APPOINTMENT_ID = 'a9b8c7d6-0000-4000-8000-000000000042';
const user = createTestUser({ name: 'Sam Patient' });
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user });
  storeToken('fake-id-token');
});

afterEach(() => clearStoredSession());

function renderCall(media: FakeMediaOptions = {}) {
  const fakes = installFakeWebRtc(media);
  const view = renderWithApp(<VideoCallPage messages={() => <p>Messages slot</p>} />, {
    path: '/video/:appointmentId',
    at: `/video/${APPOINTMENT_ID}`,
    user,
    routes: [{ path: '/my-health', element: <p>My health page</p> }],
  });
  return { ...fakes, ...view };
}

/** The patient has joined and waits: the stream is open (once the camera is settled). */
async function joinAsPatient(media: FakeMediaOptions = {}) {
  api.video.open(APPOINTMENT_ID, { role: 'patient', peerName: 'Dr Lee' });
  const call = renderCall(media);
  if (!media.refuseVideo) await waitFor(() => expect(api.video.openStreams).toBe(1));
  return call;
}

/** Dr Lee's page `session` joins and the connection is made. */
async function peerJoins(call: Awaited<ReturnType<typeof joinAsPatient>>, session = 'page-1') {
  act(() => api.video.emit('peer', { state: 'joined', role: 'practitioner', session }));
  await waitFor(() => expect(call.peer()).toBeDefined());
  act(() => {
    call.peer()!.connect();
    call.peer()!.receiveTracks();
  });
  await screen.findByText('You are in the call.');
}

describe('/video/:appointmentId', () => {
  it('waits for the practitioner with a preview and a labelled choice of devices, focus on its heading', async () => {
    const call = await joinAsPatient();
    const heading = screen.getByRole('heading', {
      level: 1,
      name: `Video visit with ${named('Dr Lee')}`,
    });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`${named('Dr Lee')} will join soon.`);
    expect(screen.getByText('Your preview')).toBeVisible();
    const camera = screen.getByRole('combobox', { name: 'Camera' });
    expect(
      within(camera)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Front camera', 'Camera 2']);
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveValue('mic-1');
    expect(screen.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('complementary', { name: 'Messages' })).toHaveTextContent(
      'Messages slot',
    );
    // Nothing is sent before the other side is there; the bearer goes in the header.
    expect(call.peer()).toBeUndefined();
    expect(api.video.streamAuthorizations).toEqual(['Bearer fake-id-token']);
    await expectNoAxeViolations(call.container);
  });

  it('connects when the practitioner joins: the given ICE servers, their offer answered, the candidates', async () => {
    const call = await joinAsPatient();
    await peerJoins(call);
    const peer = call.peer()!;
    expect(peer.config).toEqual({
      iceServers: [{ urls: ['stun:stun.example.test:3478'] }],
      iceTransportPolicy: 'all',
    });
    expect(peer.senders.map((s) => s.track?.kind)).toEqual(['audio', 'video']);
    // The first offer is the practitioner's.
    await waitFor(() => expect(api.video.signals.map((s) => s.type)).toEqual(['media']));
    act(() =>
      api.video.emit('signal', {
        from: 'practitioner',
        type: 'offer',
        payload: { type: 'offer', sdp: 'x' },
      }),
    );
    await waitFor(() => expect(peer.remoteDescriptions).toEqual([{ type: 'offer', sdp: 'x' }]));
    act(() => peer.gatherCandidate());
    await waitFor(() =>
      expect(api.video.signals.map((s) => s.type)).toEqual(['media', 'answer', 'candidate']),
    );
    await expectNoAxeViolations(call.container);
  });

  it('drops the connection when its stream is cut (the other side hears it left) and starts afresh on the next', async () => {
    const call = await joinAsPatient();
    await peerJoins(call);
    const first = call.peer()!;
    act(() => api.video.endStreams());
    await waitFor(() => expect(first.isClosed).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent(`${named('Dr Lee')} will join soon.`);
    await waitFor(() => expect(api.video.openStreams).toBe(1), { timeout: 4000 });
    act(() => api.video.emit('peer', { state: 'joined', role: 'practitioner', session: 'page-1' }));
    await waitFor(() => expect(call.peer()).not.toBe(first));
    expect(call.peer()!.isClosed).toBe(false);
  });

  it('connects afresh to a reloaded page of the practitioner, and pays no heed to the old page leaving', async () => {
    const call = await joinAsPatient();
    await peerJoins(call, 'page-1');
    const first = call.peer()!;
    /** Events are read in order: once this one shows, those before it have been handled. */
    const mutedShows = async (audio: boolean) => {
      act(() =>
        api.video.emit('signal', {
          from: 'practitioner',
          type: 'media',
          payload: { audio, video: true },
        }),
      );
      await waitFor(() =>
        expect(screen.queryByText(`${named('Dr Lee')} muted their microphone.`) !== null).toBe(
          !audio,
        ),
      );
    };
    // Told again about the same page (its presence): the connection stays.
    act(() => api.video.emit('peer', { state: 'joined', role: 'practitioner', session: 'page-1' }));
    await mutedShows(true);
    expect(call.peer()).toBe(first);
    expect(first.isClosed).toBe(false);
    act(() => api.video.emit('peer', { state: 'joined', role: 'practitioner', session: 'page-2' }));
    await waitFor(() => expect(call.peer()).not.toBe(first));
    expect(first.isClosed).toBe(true);
    const second = call.peer()!;
    act(() => api.video.emit('peer', { state: 'left', role: 'practitioner', session: 'page-1' }));
    await mutedShows(false);
    expect(second.isClosed).toBe(false);
    act(() => api.video.emit('peer', { state: 'left', role: 'practitioner', session: 'page-2' }));
    await waitFor(() => expect(second.isClosed).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent(`${named('Dr Lee')} will join soon.`);
  });

  it('shows and reads out that the practitioner muted their microphone', async () => {
    const call = await joinAsPatient();
    await peerJoins(call);
    act(() =>
      api.video.emit('signal', {
        from: 'practitioner',
        type: 'media',
        payload: { audio: false, video: true },
      }),
    );
    expect(await screen.findByText(`${named('Dr Lee')} muted their microphone.`)).toBeVisible();
    expect(currentAnnouncement()?.text).toBe(`${named('Dr Lee')} muted their microphone.`);
    act(() =>
      api.video.emit('signal', {
        from: 'practitioner',
        type: 'media',
        payload: { audio: true, video: true },
      }),
    );
    await waitFor(() =>
      expect(
        screen.queryByText(`${named('Dr Lee')} muted their microphone.`),
      ).not.toBeInTheDocument(),
    );
    expect(currentAnnouncement()?.text).toBe(`${named('Dr Lee')} turned their microphone on.`);
  });

  it('mutes its own microphone and tells the other side', async () => {
    const call = await joinAsPatient();
    await peerJoins(call);
    const mute = screen.getByRole('button', { name: 'Mute' });
    await userEvent.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(call.streams[0]!.getAudioTracks()[0]!.enabled).toBe(false);
    await waitFor(() =>
      expect(api.video.signals.filter((s) => s.type === 'media').at(-1)?.payload).toEqual({
        audio: false,
        video: true,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Camera off' }));
    expect(screen.getByText('Your camera is off.')).toBeVisible();
  });

  it('offers audio only when the camera is refused, and then sends the microphone alone', async () => {
    const call = await joinAsPatient({ refuseVideo: 'NotAllowedError' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The browser was not allowed to use your camera and microphone. Allow them in the site settings of your browser and reload the page, or continue with audio only.',
    );
    await expectNoAxeViolations(call.container);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with audio only' }));
    expect(await screen.findByText('You take part with audio only.')).toBeVisible();
    expect(call.getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });
    expect(screen.queryByRole('button', { name: 'Camera off' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.video.openStreams).toBe(1));
    await peerJoins(call);
    // The other side is still seen: a receiving video transceiver.
    expect(call.peer()!.transceivers).toEqual([{ kind: 'video', direction: 'recvonly' }]);
  });

  it('says so when there is no camera', async () => {
    await joinAsPatient({ refuseVideo: 'NotFoundError' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera was found. You can continue with audio only.',
    );
  });

  it('leaves: the call ends for both, every track stops and the end screen takes focus', async () => {
    const call = await joinAsPatient();
    await peerJoins(call);
    const peer = call.peer()!;
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'The video visit has ended',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('You left the video visit.')).toBeVisible();
    await waitFor(() => expect(api.video.signals.at(-1)?.type).toBe('leave'));
    expect(peer.isClosed).toBe(true);
    expect(call.streams[0]!.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
    await expectNoAxeViolations(call.container);
    await userEvent.click(screen.getByRole('link', { name: 'Back to My health' }));
    expect(await screen.findByText('My health page')).toBeVisible();
  });

  it('ends when the practitioner ends the call', async () => {
    const call = await joinAsPatient();
    await peerJoins(call);
    act(() => api.video.emit('ended', { by: 'practitioner' }));
    expect(await screen.findByText(`${named('Dr Lee')} ended the video visit.`)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(call.peer()!.isClosed).toBe(true);
  });

  it('ends when the time is over', async () => {
    await joinAsPatient();
    act(() => api.video.emit('expired'));
    expect(await screen.findByText('The time for this video visit is over.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join again' })).not.toBeInTheDocument();
  });

  it('closes here when the call is opened elsewhere, and can be joined again', async () => {
    await joinAsPatient();
    act(() => api.video.emit('replaced'));
    expect(
      await screen.findByText(
        'You opened this video visit in another window or on another device, so it closed here.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Join again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${named('Dr Lee')} will join soon.`,
    );
  });

  it('before its window opens, says when in the reader’s time and joins by itself then, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      vi.setSystemTime(new Date(2026, 10, 30, 10, 47, 30));
      const opensAt = new Date(2026, 10, 30, 10, 50);
      api.video.refuse(APPOINTMENT_ID, 'VIDEO_NOT_OPEN', 409, {
        reason: 'early',
        opensAt: opensAt.toISOString(),
        closesAt: new Date(2026, 10, 30, 11, 50).toISOString(),
      });
      const call = renderCall();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This video visit is not open yet' }),
      ).toHaveFocus();
      const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(opensAt);
      expect(time).toMatch(/^10:50/);
      expect(
        screen.getByText(
          `The video visit opens at ${time}. This page joins it by itself then: you can leave it open.`,
        ),
      ).toBeVisible();
      expect(call.getUserMedia).not.toHaveBeenCalled();
      const refused = api.video.joinRequests;
      api.video.open(APPOINTMENT_ID, { role: 'patient', peerName: 'Dr Lee' });
      await act(() => vi.advanceTimersByTimeAsync(2 * 60_000 + 29_000));
      expect(api.video.joinRequests).toBe(refused);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByRole('status')).toHaveTextContent(
        `${named('Dr Lee')} will join soon.`,
      );
      expect(api.video.joinRequests).toBe(refused + 1);
      expect(currentAnnouncement()?.text).toBe('The video visit is open: joining.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for nothing when the visit cannot be joined later (cancelled)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      api.video.refuse(APPOINTMENT_ID, 'VIDEO_NOT_OPEN', 409, {
        reason: 'cancelled',
        opensAt: new Date(Date.now() + 60_000).toISOString(),
        closesAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      renderCall();
      expect(
        await screen.findByRole('heading', { name: 'You cannot join this video visit' }),
      ).toBeVisible();
      const refused = api.video.joinRequests;
      await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
      expect(api.video.joinRequests).toBe(refused);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a visit outside its window', async () => {
    api.video.refuse(APPOINTMENT_ID, 'VIDEO_NOT_OPEN');
    const call = renderCall();
    expect(
      await screen.findByRole('heading', { name: 'You cannot join this video visit' }),
    ).toHaveFocus();
    expect(
      screen.getByText(
        'This video visit is not open now. It opens 10 minutes before the appointment and closes 30 minutes after its end.',
      ),
    ).toBeVisible();
    expect(call.getUserMedia).not.toHaveBeenCalled();
  });

  it('tells a visit that is not the reader’s as not found', async () => {
    renderCall();
    expect(await screen.findByText('This video visit was not found.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  });
});
