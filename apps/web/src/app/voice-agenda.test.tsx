import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgendaPage } from '../features/appointments/agenda-page.tsx';
import { VoiceButton } from '../features/voice/voice-button.tsx';
import {
  FakeVoiceClient,
  startVoiceApi,
  TEST_USER,
} from '../features/voice/voice-test-support.tsx';
import { fakeDateAt, MONDAY_MORNING_IN_BERLIN } from '../test/clock.ts';
import { patientInput } from '../test/factories.ts';
import { asRead, itemTexts } from '../test/queries.ts';
import { renderWithApp } from '../test/render-with-app.tsx';

/**
 * The agenda and the voice panel side by side, as the layout shows them: what the assistant
 * books or cancels during a call appears on `/appointments` without a reload.
 */

const PRACTITIONER = { ...TEST_USER, timeZone: 'Europe/Berlin' };

beforeEach(() => {
  fakeDateAt(MONDAY_MORNING_IN_BERLIN);
});

afterEach(() => {
  localStorage.clear();
});

describe('the agenda during a voice call', () => {
  it('shows what the assistant books and cancels without a reload', async () => {
    const api = startVoiceApi({ user: PRACTITIONER });
    const maria = api.patients.insert(patientInput({ name: 'Maria Souza' }));
    const client = new FakeVoiceClient();
    localStorage.setItem('firebase_token', 'id-token-1');
    renderWithApp(
      <>
        <AgendaPage />
        <VoiceButton createClient={() => client} />
      </>,
      { path: '/appointments', user: PRACTITIONER },
    );
    expect(await screen.findByText('No appointments.')).toBeVisible();
    const agendaReads = () => api.requestsTo('GET', /^\/api\/appointments$/).length;
    const readsBefore = agendaReads();

    await userEvent.click(screen.getByRole('button', { name: 'Voice assistant' }));
    await waitFor(() => expect(client.calls).toContain('startCall'));
    act(() => client.emit('call_started'));
    await screen.findByText('Nothing yet.');

    // Today 11:00 in Berlin.
    const booked = api.voice.book('call_1', {
      patientId: maria._id,
      start: '2026-03-02T10:00:00.000Z',
    });
    act(() => client.emit('agent_start_talking'));
    const row = (await screen.findByText('Maria Souza')).closest('li')!;
    expect(within(row).getByText('Booked')).toBeVisible();
    expect(agendaReads()).toBeGreaterThan(readsBefore);

    api.voice.cancel('call_1', booked._id);
    act(() => client.emit('agent_stop_talking'));
    act(() => client.emit('agent_start_talking'));
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeVisible());
    const panel = screen.getByRole('region', { name: 'What the assistant did' });
    expect(itemTexts(panel).map(asRead)).toEqual([
      'Booked Maria Souza, Mon, Mar 2, 11:00 AM',
      'Cancelled Maria Souza, Mon, Mar 2, 11:00 AM',
    ]);
  });
});
