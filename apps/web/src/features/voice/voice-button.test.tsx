import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeVoiceClient, renderVoiceButton, startVoiceApi } from './voice-test-support.tsx';

afterEach(async () => {
  localStorage.clear();
});

const callButton = () => screen.getByRole('button', { name: 'Voice assistant' });
const muteButton = () => screen.queryByRole('button', { name: 'Mute microphone' });

function expectInactive() {
  expect(callButton()).toHaveAttribute('aria-pressed', 'false');
  expect(callButton()).toHaveAttribute('title', 'Inactive Bot');
  expect(callButton()).toHaveClass('inactive');
  expect(callButton()).not.toHaveClass('active');
  expect(muteButton()).not.toBeInTheDocument();
  expect(screen.queryByText('The assistant is speaking')).not.toBeInTheDocument();
}

/** Presses the button and waits until the token is obtained (red, 'Active Bot'). */
async function startCall(client: FakeVoiceClient) {
  await userEvent.click(callButton());
  await waitFor(() => expect(callButton()).toHaveAttribute('aria-pressed', 'true'));
  await waitFor(() => expect(client.calls).toContain('startCall'));
}

/** The button on a working API, pressed until the token is obtained. */
async function startedCall() {
  startVoiceApi();
  const { client } = renderVoiceButton();
  await startCall(client);
  return client;
}

/** A started call, then connected (call_started). */
async function connectedCall() {
  const client = await startedCall();
  act(() => client.emit('call_started'));
  return client;
}

/** Resolves when `release(answer)` is called: holds the connect answer back. */
function deferred<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

describe('VoiceButton', () => {
  it('starts green and inactive, without loading the voice client', () => {
    startVoiceApi();
    const { createClient } = renderVoiceButton();
    expectInactive();
    expect(createClient).not.toHaveBeenCalled();
  });

  it('press: asks the microphone, then a token for the configured agent, then starts the call', async () => {
    const connect = deferred<{ status: number; body: unknown }>();
    const { requests } = startVoiceApi({ connect: connect.promise });
    const { client } = renderVoiceButton();

    await userEvent.click(callButton());
    // Starting: still inactive (no token yet), busy.
    await waitFor(() => expect(client.calls).toEqual(['requestMicrophone']));
    expect(callButton()).toHaveAttribute('aria-busy', 'true');
    expect(callButton()).toHaveAttribute('aria-pressed', 'false');
    expect(callButton()).toHaveAttribute('title', 'Inactive Bot');

    connect.release({ status: 200, body: { access_token: 'access-token-1', call_id: 'call_1' } });
    await waitFor(() => expect(callButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(callButton()).toHaveAttribute('title', 'Active Bot');
    expect(callButton()).toHaveClass('active');
    expect(callButton()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(client.calls).toEqual(['requestMicrophone', 'startCall']));
    expect(client.startOptions).toEqual({ accessToken: 'access-token-1' });

    const connectRequest = requests.find((r) => r.path === '/api/retellai/connect-retellai');
    expect(connectRequest).toMatchObject({ method: 'POST', body: { agent_id: 'agent_test_1' } });
    expect(connectRequest?.headers.get('authorization')).toBe('Bearer id-token-1');
  });

  it('call_started: connected, mute appears; talking follows agent_start/stop_talking', async () => {
    const client = await startedCall();
    expect(muteButton()).not.toBeInTheDocument();

    act(() => client.emit('call_started'));
    expect(callButton()).not.toHaveAttribute('aria-busy');
    expect(muteButton()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Connected. You can talk now.')).toBeInTheDocument();

    act(() => client.emit('agent_start_talking'));
    expect(screen.getByText('The assistant is speaking')).toBeVisible();
    expect(callButton()).toHaveClass('speaking');

    act(() => client.emit('update', { event_type: 'update', transcript: [] }));
    act(() => client.emit('metadata', { event_type: 'metadata' }));
    act(() => client.emit('node_transition', { event_type: 'node_transition' }));
    expect(screen.getByText('The assistant is speaking')).toBeVisible();

    act(() => client.emit('agent_stop_talking'));
    expect(screen.queryByText('The assistant is speaking')).not.toBeInTheDocument();
    expect(callButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('mutes and unmutes the microphone while connected', async () => {
    const client = await connectedCall();

    await userEvent.click(muteButton()!);
    expect(client.calls.at(-1)).toBe('mute');
    expect(muteButton()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(muteButton()!);
    expect(client.calls.at(-1)).toBe('unmute');
    expect(muteButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('pressing again stops the call and returns to green', async () => {
    const client = await connectedCall();
    act(() => client.emit('agent_start_talking'));

    await userEvent.click(callButton());
    expect(client.calls.at(-1)).toBe('stopCall');
    expectInactive();
    // Said in the polite region, so a screen reader hears the call is over.
    expect(screen.getByText('The call has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
    expect(client.listenerCount()).toBe(0);

    // Late events of the stopped call change nothing.
    act(() => client.emit('agent_start_talking'));
    act(() => client.emit('call_started'));
    expectInactive();
  });

  it('call_ended (the agent left or the room closed) returns to inactive', async () => {
    const client = await connectedCall();
    await userEvent.click(muteButton()!);

    act(() => client.emit('call_ended'));
    expectInactive();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByText('The call has ended.')).toBeInTheDocument();

    // A new call starts unmuted.
    await startCall(client);
    act(() => client.emit('call_started'));
    expect(muteButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it("an error before the call started shows 'Error starting call' and stops", async () => {
    const client = await startedCall();

    act(() => client.emit('error', 'Error starting call'));
    expectInactive();
    expect(screen.getByRole('alert')).toHaveTextContent('Error starting call');
    expect(client.calls.at(-1)).toBe('stopCall');
  });

  it('an error during the call stops it with a message', async () => {
    const client = await connectedCall();

    act(() => client.emit('error', new Error('connection lost')));
    expectInactive();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The call was interrupted. Please try again.',
    );
    // The alert says it; no second, calmer message.
    expect(screen.queryByText('The call has ended.')).not.toBeInTheDocument();
    expect(client.calls.at(-1)).toBe('stopCall');
  });

  it("a failed token request shows 'Error starting call' and stays green", async () => {
    startVoiceApi({ connect: { status: 502, body: { message: 'x', code: 'VOICE_CALL_FAILED' } } });
    const { client } = renderVoiceButton();
    await userEvent.click(callButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error starting call');
    expectInactive();
    expect(client.calls).not.toContain('startCall');
  });

  it('a rejected startCall shows the start failure', async () => {
    startVoiceApi();
    const client = new FakeVoiceClient();
    client.startCall = async () => {
      throw new Error('room unreachable');
    };
    renderVoiceButton({ client });
    await userEvent.click(callButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error starting call'));
    expectInactive();
  });

  it('an unconfigured assistant (config off) says so and never asks the microphone', async () => {
    const { requests } = startVoiceApi({ voice: { isEnabled: false, agentId: null } });
    const { client, createClient } = renderVoiceButton();
    await userEvent.click(callButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The voice assistant is not configured.',
    );
    expectInactive();
    expect(createClient).not.toHaveBeenCalled();
    expect(client.calls).toEqual([]);
    expect(requests.map((r) => r.path)).toEqual(['/api/config']);
  });

  it.each([
    {
      name: 'an unconfigured assistant (503 from the API) says so',
      connect: {
        status: 503,
        body: { message: 'The voice assistant is not configured.', code: 'VOICE_NOT_CONFIGURED' },
      },
      role: 'status',
      text: 'The voice assistant is not configured.',
    },
    {
      name: 'a denied microphone gets a clear message and creates no call',
      microphoneError: new DOMException('Permission denied', 'NotAllowedError'),
      role: 'alert',
      text: 'Microphone access was denied. Allow the microphone for this site in your browser settings, then try again.',
    },
    {
      name: 'a missing microphone gets its own message',
      microphoneError: new DOMException('Requested device not found', 'NotFoundError'),
      role: 'alert',
      text: 'No usable microphone was found. Check that one is connected and not in use by another app.',
    },
    {
      name: 'too many calls (429) asks to wait',
      connect: { status: 429, body: { message: 'x', code: 'RATE_LIMITED' } },
      role: 'alert',
      text: 'Too many calls in a short time. Please wait a minute and try again.',
    },
  ])('$name', async ({ connect, microphoneError, role, text }) => {
    const { requests } = startVoiceApi({ connect });
    const client = new FakeVoiceClient();
    client.microphoneError = microphoneError ?? null;
    renderVoiceButton({ client });
    await userEvent.click(callButton());
    expect(await screen.findByRole(role)).toHaveTextContent(text);
    expectInactive();
    // Without a microphone no call is asked for.
    const asked = requests.some((r) => r.path === '/api/retellai/connect-retellai');
    expect(asked).toBe(microphoneError === undefined);
  });

  it('a guest is asked to sign in, with a link to the login page', async () => {
    startVoiceApi();
    const { createClient, router } = renderVoiceButton({ isSignedIn: false });
    await userEvent.click(callButton());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Please sign in to talk to the voice assistant.');
    expect(createClient).not.toHaveBeenCalled();
    await userEvent.click(within(status).getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('pressing again while starting abandons the start: no call is joined', async () => {
    const connect = deferred<{ status: number; body: unknown }>();
    startVoiceApi({ connect: connect.promise });
    const { client } = renderVoiceButton();
    await userEvent.click(callButton());
    await waitFor(() => expect(client.calls).toEqual(['requestMicrophone']));

    await userEvent.click(callButton());
    expectInactive();
    connect.release({ status: 200, body: { access_token: 'late', call_id: 'call_late' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectInactive();
    expect(client.calls).not.toContain('startCall');
  });

  it('a message can be dismissed, and a new press clears it', async () => {
    startVoiceApi({ voice: { isEnabled: false, agentId: null } });
    renderVoiceButton();
    await userEvent.click(callButton());
    await screen.findByText('The voice assistant is not configured.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('The voice assistant is not configured.')).not.toBeInTheDocument();
  });

  it('dismissing a message from the keyboard gives focus back to the call button', async () => {
    startVoiceApi({ voice: { isEnabled: false, agentId: null } });
    renderVoiceButton();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dismiss = await screen.findByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(callButton()).toHaveFocus();
  });

  it('is keyboard operable', async () => {
    startVoiceApi();
    const { client } = renderVoiceButton();
    await userEvent.tab();
    expect(callButton()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(callButton()).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(client.calls).toContain('startCall'));
    await userEvent.keyboard(' ');
    expectInactive();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    startVoiceApi({ voice: { isEnabled: false, agentId: null } });
    renderVoiceButton();
    const button = screen.getByRole('button', { name: 'المساعد الصوتي' });
    expect(button).toHaveAttribute('title', 'الروبوت غير نشط');
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('المساعد الصوتي غير مُعدّ.');
  });
});
