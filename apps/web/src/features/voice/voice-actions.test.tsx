import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPatient } from '@portal/shared/patient';
import { patientInput } from '../../test/factories.ts';
import type { FakeApi } from '../../test/fake-api.ts';
import { announced, asRead, itemTexts } from '../../test/queries.ts';
import {
  type FakeVoiceClient,
  renderVoiceButton,
  startVoiceApi,
  TEST_USER,
} from './voice-test-support.tsx';

/** A practitioner in Berlin: the panel shows times on this clock, whatever the browser's zone. */
const PRACTITIONER = { ...TEST_USER, timeZone: 'Europe/Berlin' };

afterEach(async () => {
  localStorage.clear();
});

/** The fake API with voice on, a patient, and a connected call (`call_1`). */
async function onCall(): Promise<{ api: FakeApi; client: FakeVoiceClient; maria: TPatient }> {
  const api = startVoiceApi({ user: PRACTITIONER });
  const maria = api.patients.insert(patientInput({ name: 'Maria Souza' }));
  const { client } = renderVoiceButton();
  await userEvent.click(screen.getByRole('button', { name: /voice assistant|المساعد الصوتي/i }));
  await waitFor(() => expect(client.calls).toContain('startCall'));
  act(() => client.emit('call_started'));
  return { api, client, maria };
}

/** The agent speaks after each function it ran: the panel reads then, and lists what is new. */
function agentSpeaks(client: FakeVoiceClient) {
  act(() => client.emit('agent_start_talking'));
  act(() => client.emit('agent_stop_talking'));
}

const panel = () => screen.findByRole('region', { name: 'What the assistant did' });

describe('the voice panel: what the assistant did', () => {
  it('lists each booking and cancellation of the call on the practitioner’s clock, and announces it', async () => {
    const { api, client, maria } = await onCall();
    expect(await within(await panel()).findByText('Nothing yet.')).toBeVisible();

    // Tuesday 3 March 2026, 09:00 UTC: 10:00 in Berlin.
    const booked = api.voice.book('call_1', {
      patientId: maria._id,
      start: '2026-03-03T09:00:00.000Z',
    });
    agentSpeaks(client);
    const first = await within(await panel()).findByRole('listitem');
    expect(asRead(first.textContent)).toBe('Booked Maria Souza, Tue, Mar 3, 10:00 AM');
    expect(announced()).toBe('Booked Maria Souza, Tue, Mar 3, 10:00 AM');
    expect(screen.queryByText('Nothing yet.')).not.toBeInTheDocument();

    api.voice.cancel('call_1', booked._id);
    agentSpeaks(client);
    await waitFor(async () =>
      expect(itemTexts(await panel()).map(asRead)).toEqual([
        'Booked Maria Souza, Tue, Mar 3, 10:00 AM',
        'Cancelled Maria Souza, Tue, Mar 3, 10:00 AM',
      ]),
    );
    // Only the new line is read out, not the whole list again.
    expect(announced()).toBe('Cancelled Maria Souza, Tue, Mar 3, 10:00 AM');
    expect(
      api.requestsTo('GET', /^\/api\/retellai\/calls\/call_1\/actions$/).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('reads once more when the call ends, keeps the list, and closes it on request', async () => {
    const { api, client, maria } = await onCall();
    await panel();
    // Booked in the call's last seconds, with no word from the agent after it.
    api.voice.book('call_1', { patientId: maria._id, start: '2026-03-04T13:30:00.000Z' });
    api.voice.end('call_1');
    act(() => client.emit('call_ended'));

    const item = await within(await panel()).findByRole('listitem');
    expect(asRead(item.textContent)).toBe('Booked Maria Souza, Wed, Mar 4, 2:30 PM');
    const callButton = screen.getByRole('button', { name: 'Voice assistant' });
    expect(callButton).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(
      screen.getByRole('button', { name: 'Close the list of what the assistant did' }),
    );
    expect(
      screen.queryByRole('region', { name: 'What the assistant did' }),
    ).not.toBeInTheDocument();
    expect(callButton).toHaveFocus();
  });

  it('shows nothing after a call that did nothing, and starts empty on the next call', async () => {
    const { client } = await onCall();
    await panel();
    act(() => client.emit('call_ended'));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'What the assistant did' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('speaks the reader’s language: Arabic, right to left, times in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { api, client, maria } = await onCall();
    const region = await screen.findByRole('region', { name: 'ما قام به المساعد' });
    expect(await within(region).findByText('لا شيء بعد.')).toBeVisible();
    api.voice.book('call_1', { patientId: maria._id, start: '2026-03-03T09:00:00.000Z' });
    agentSpeaks(client);
    const item = await within(region).findByRole('listitem');
    const when = new Intl.DateTimeFormat('ar', {
      timeZone: 'Europe/Berlin',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-03-03T09:00:00.000Z'));
    expect(item.textContent).toBe(`تم حجز موعد \u2068Maria Souza\u2069، ${when}`);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
