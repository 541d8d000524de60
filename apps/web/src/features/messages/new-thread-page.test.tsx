import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { MessagePatientLink } from './message-patient-link.tsx';
import { NewThreadPage } from './new-thread-page.tsx';
import { ThreadPage } from './thread-page.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
  storeToken('fake-id-token');
  api.messages.patients.push({
    patientId: 'a1b2c3d4-0000-4000-8000-000000000001',
    patientName: 'Grace Hopper',
    practitionerName: 'Dr. Ada Lovelace',
    practicePhone: null,
  });
});
afterEach(() => clearStoredSession());

const patientId = 'a1b2c3d4-0000-4000-8000-000000000001';

function renderFromChart() {
  return renderWithApp(
    <>
      <h1>Grace Hopper</h1>
      <MessagePatientLink patientId={patientId} patientName="Grace Hopper" />
    </>,
    {
      path: '/records/patients/:id',
      at: `/records/patients/${patientId}`,
      user: createTestUser(),
      routes: [
        { path: '/messages/new', element: <NewThreadPage /> },
        { path: '/messages/:threadId', element: <ThreadPage /> },
        { path: '/messages', element: <Link to="/">Inbox</Link> },
      ],
    },
  );
}

describe('a new conversation', () => {
  it('starts from the patient’s Message action and opens the new thread', async () => {
    const user = userEvent.setup();
    const { router, container } = renderFromChart();
    await user.click(screen.getByRole('link', { name: 'Message about \u2068Grace Hopper\u2069' }));
    expect(router.state.location.pathname).toBe('/messages/new');
    expect(router.state.location.search).toBe(`?patientId=${patientId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'New conversation' })).toBeVisible();
    expect(screen.getByText('About \u2068Grace Hopper\u2069')).toBeVisible();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription(
      'Please give the conversation a subject.',
    );
    expect(api.requestsTo('POST', /^\/api\/messages\/threads$/)).toHaveLength(0);

    await fill(user, screen.getByRole('textbox', { name: 'Subject' }), 'Your results');
    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'All normal.');
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    expect(router.state.location.pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    expect(api.requestsTo('POST', /^\/api\/messages\/threads$/)[0]!.body).toEqual({
      patientId,
      subject: 'Your results',
      body: 'All normal.',
    });
    // The thread was in the cache already: it opened without reading it again.
    expect(api.requestsTo('GET', /^\/api\/messages\/threads\/[0-9a-f-]{36}$/)).toHaveLength(0);
    expect(screen.getByText('All normal.')).toBeVisible();
  });

  it('says when the patient is not one the reader may write about', async () => {
    const user = userEvent.setup();
    renderWithApp(<NewThreadPage />, {
      path: '/messages/new',
      at: '/messages/new?patientId=a1b2c3d4-0000-4000-8000-00000000dead',
      user: createTestUser(),
    });
    await fill(user, screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await fill(user, screen.getByRole('textbox', { name: 'Message' }), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This patient could not be found.');
  });
});
