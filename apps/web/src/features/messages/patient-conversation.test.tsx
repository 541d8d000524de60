import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { PatientConversation } from './patient-conversation.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
  storeToken('fake-id-token');
});
afterEach(() => clearStoredSession());

const patientId = 'a1b2c3d4-0000-4000-8000-000000000001';
const render = () =>
  renderWithApp(<PatientConversation patientId={patientId} />, {
    path: '/visit',
    user: createTestUser(),
  });

describe('PatientConversation', () => {
  it('shows the patient’s newest open thread with its compose box', async () => {
    api.messages.addClinicalThread({ subject: 'Old and closed', closedAt: '2026-03-01T00:00:00Z' });
    api.messages.addClinicalThread({
      subject: 'Another patient',
      patientId: 'a1b2c3d4-0000-4000-8000-000000000002',
    });
    api.messages.addClinicalThread({ subject: 'Dizziness' }, { bodies: ['I feel dizzy'] });
    const { container } = render();
    const region = await screen.findByRole('region', { name: 'Conversation with the patient' });
    expect(
      await within(region).findByRole('heading', { level: 2, name: 'Dizziness' }),
    ).toBeVisible();
    expect(within(region).getByText('I feel dizzy')).toBeVisible();
    expect(within(region).getByRole('textbox', { name: 'Your message' })).toBeVisible();
    expect(
      api
        .requestsTo('GET', /^\/api\/messages\/threads$/)
        .map((request) => request.search.get('patientId')),
    ).toContain(patientId);
    await expectNoAxeViolations(container);
  });

  it('starts a conversation when there is none, then shows it with focus on its heading', async () => {
    const user = userEvent.setup();
    api.messages.patients.push({
      patientId,
      patientName: 'Grace Hopper',
      practitionerName: 'Dr. Ada Lovelace',
      practicePhone: '+351 210 000 000',
    });
    render();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Start a conversation' }),
    ).toBeVisible();
    await fill(user, screen.getByRole('textbox', { name: 'Subject' }), 'After our call');
    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'Here is the summary.');
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'After our call' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeVisible();
  });
});
