import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentApiNotice } from '../../lib/api/error-notices.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { MessagesPage } from './messages-page.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
});

const user = createTestUser();
const threadRoute = { path: '/messages/:threadId', element: <p>Thread page</p> };
const renderInbox = (at = '/messages') =>
  renderWithApp(<MessagesPage />, { path: '/messages', at, user, routes: [threadRoute] });
const rows = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .filter((row) => row.querySelector('a'));

describe('MessagesPage', () => {
  it('lists the conversations newest activity first, with whom, when and how many are unread', async () => {
    api.messages.addClinicalThread({ subject: 'Older question', patientName: 'Grace Hopper' });
    const newest = api.messages.addClinicalThread(
      { subject: 'Blood test results', patientName: 'Alan Turing' },
      { count: 3, unread: 2 },
    );
    api.messages.addSupportThread({ subject: 'Receipt missing', closedAt: '2026-03-01T10:00:00Z' });
    const { container } = renderInbox();

    expect(await screen.findByRole('link', { name: 'Receipt missing' })).toBeVisible();
    expect(rows().map((row) => row.querySelector('a')!.textContent)).toEqual([
      'Receipt missing',
      'Blood test results',
      'Older question',
    ]);
    const [support, clinical, older] = rows();
    expect(support).toHaveTextContent('With Support');
    expect(support).toHaveTextContent('Closed');
    expect(clinical).toHaveTextContent('About \u2068Alan Turing\u2069');
    expect(clinical).toHaveTextContent('2 unread');
    expect(older).not.toHaveTextContent('unread');
    expect(within(clinical!).getByRole('link')).toHaveAttribute(
      'href',
      `/messages/${newest.thread._id}`,
    );
    // Not Support staff: the desk answered 404, said nowhere.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(currentApiNotice()).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('names the practitioner too for the patient’s side', async () => {
    api.messages.addClinicalThread({ patientName: 'Grace Hopper', practitionerName: 'Dr. Who' });
    renderInbox();
    expect(
      await screen.findByText('About \u2068Grace Hopper\u2069, with \u2068Dr. Who\u2069'),
    ).toBeVisible();
  });

  it('says when there is no conversation yet', async () => {
    renderInbox();
    expect(
      await screen.findByText(
        'No conversations yet. A conversation about a patient starts from their details or from My health.',
      ),
    ).toBeVisible();
  });

  it('tells a failed read and reads again on Try again', async () => {
    api.on('GET', /^\/api\/messages\/threads$/, (request) =>
      request.search.get('box') === 'support'
        ? undefined
        : new Response(JSON.stringify({ code: 'INTERNAL', message: 'x' }), { status: 500 }),
    );
    api.messages.addClinicalThread({ subject: 'Blood test results' });
    renderInbox();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The conversations could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Blood test results' })).toBeVisible();
  });

  it('adds the next page with More, and focus goes to its first conversation', async () => {
    api.messages.pageSize = 2;
    for (const subject of ['Third', 'Second', 'First']) api.messages.addClinicalThread({ subject });
    renderInbox();
    expect(await screen.findByRole('link', { name: 'First' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Third' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const third = await screen.findByRole('link', { name: 'Third' });
    expect(third).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    const pages = api
      .requestsTo('GET', /^\/api\/messages\/threads$/)
      .filter((request) => request.search.get('box') !== 'support');
    expect(pages.map((request) => request.search.get('cursor'))).toEqual([null, '2']);
  });

  it('gives Support staff the Support desk tab, members marked, chosen with the arrow keys', async () => {
    api.messages.isSupportStaff = true;
    api.messages.addClinicalThread({ subject: 'My own thread' });
    api.messages.addSupportThread(
      { subject: 'Refund please', requesterName: 'Grace Hopper', isMember: true },
      { isDesk: true },
    );
    const { router, container } = renderInbox();
    const mine = await screen.findByRole('tab', { name: 'My conversations' });
    expect(mine).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'My own thread' })).toBeVisible();

    await userEvent.click(mine);
    await userEvent.keyboard('{ArrowRight}');
    const desk = screen.getByRole('tab', { name: 'Support desk' });
    expect(desk).toHaveFocus();
    expect(desk).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?box=support');
    const panel = screen.getByRole('tabpanel', { name: 'Support desk' });
    expect(await within(panel).findByRole('link', { name: 'Refund please' })).toBeVisible();
    expect(panel).toHaveTextContent('From \u2068Grace Hopper\u2069');
    expect(panel).toHaveTextContent('Premier member');
    await expectNoAxeViolations(container);
  });
});
