import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { ThreadPage } from './thread-page.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
  storeToken('fake-id-token');
});
afterEach(() => clearStoredSession());

const practitioner = createTestUser({ name: 'Dr. Ada Lovelace' });
const renderThread = (threadId: string, user = practitioner) =>
  renderWithApp(<ThreadPage />, {
    path: '/messages/:threadId',
    at: `/messages/${threadId}`,
    user,
    routes: [{ path: '/messages', element: <p>Inbox</p> }],
  });
const messageList = () => screen.getByRole('region', { name: 'Messages' });
const bodiesShown = () =>
  within(messageList())
    .getAllByRole('article')
    .map((message) => message.querySelector('p[dir="auto"]')?.textContent ?? '');

describe('ThreadPage', () => {
  it('shows the messages oldest first with who wrote them and when, marks the thread read and says it is not for emergencies', async () => {
    const stored = api.messages.addClinicalThread(
      { subject: 'Blood test results', patientName: 'Grace Hopper' },
      { count: 2, unread: 2, bodies: ['Are my results in?', 'And the iron level?'] },
    );
    const { container } = renderThread(stored.thread._id);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blood test results' }),
    ).toBeVisible();
    expect(bodiesShown()).toEqual(['Are my results in?', 'And the iron level?']);
    const [first] = within(messageList()).getAllByRole('article');
    expect(first).toHaveTextContent('Grace Hopper');
    expect(first!.querySelector('time')).toHaveAttribute('datetime', stored.messages[0]!.createdAt);
    expect(
      screen.getByText(
        'Messages are not for emergencies. In an emergency call your local emergency number or the practice at \u2068+351 210 000 000\u2069.',
      ),
    ).toBeVisible();
    await expect
      .poll(() => api.requestsTo('POST', /\/read$/).map((request) => request.path))
      .toEqual([`/api/messages/threads/${stored.thread._id}/read`]);
    await expectNoAxeViolations(container);
  });

  it('leaves the phone out of the note when the practice has none', async () => {
    const stored = api.messages.addClinicalThread({ practicePhone: null });
    renderThread(stored.thread._id);
    expect(
      await screen.findByText(
        'Messages are not for emergencies. In an emergency call your local emergency number.',
      ),
    ).toBeVisible();
  });

  it('loads earlier messages above the ones shown', async () => {
    api.messages.messagePageSize = 2;
    const stored = api.messages.addClinicalThread(
      {},
      { count: 5, bodies: ['one', 'two', 'three', 'four', 'five'] },
    );
    renderThread(stored.thread._id);
    await screen.findByText('five');
    expect(bodiesShown()).toEqual(['four', 'five']);

    const earlier = screen.getByRole('button', { name: 'Load earlier messages' });
    await userEvent.click(earlier);
    await screen.findByText('two');
    expect(bodiesShown()).toEqual(['two', 'three', 'four', 'five']);
    expect(earlier).toHaveFocus();

    await userEvent.click(earlier);
    await screen.findByText('one');
    expect(bodiesShown()).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('sends a message, shows it at the bottom and keeps focus in the text box', async () => {
    const user = userEvent.setup();
    const stored = api.messages.addClinicalThread({}, { bodies: ['Are my results in?'] });
    renderThread(stored.thread._id);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(screen.getByText('0 of 5,000 characters')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a message or attach a file.');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST', /\/messages$/)).toHaveLength(0);

    await fill(user, box, 'Yes: all normal.');
    expect(screen.getByText('16 of 5,000 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await expect.poll(bodiesShown).toEqual(['Are my results in?', 'Yes: all normal.']);
    expect(api.requestsTo('POST', /\/messages$/)[0]!.body).toEqual({ body: 'Yes: all normal.' });
    const mine = within(messageList()).getAllByRole('article').at(-1)!;
    expect(mine).toHaveTextContent('You');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(currentAnnouncement()?.text).toBe('Message sent.');
  });

  it('says so when the thread was closed meanwhile, and then hides the compose box', async () => {
    const stored = api.messages.addClinicalThread();
    renderThread(stored.thread._id);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    stored.thread = { ...stored.thread, closedAt: '2026-03-05T10:00:00.000Z' };
    await fill(userEvent.setup(), box, 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'This conversation was closed on March 5, 2026. Start a new one to write again.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('lets the practitioner close the conversation after a confirmation', async () => {
    const user = userEvent.setup();
    const stored = api.messages.addClinicalThread({ practitionerName: 'Dr. Ada Lovelace' });
    renderThread(stored.thread._id);
    await user.click(await screen.findByRole('button', { name: 'Close conversation' }));
    const question = screen.getByRole('group', {
      name: 'Close this conversation? No one will be able to write in it again.',
    });
    expect(within(question).getByRole('button', { name: 'Close it' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Keep it open' }));
    expect(screen.getByRole('button', { name: 'Close conversation' })).toHaveFocus();
    expect(api.requestsTo('POST', /\/close$/)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Close conversation' }));
    await user.click(screen.getByRole('button', { name: 'Close it' }));
    const closed = await screen.findByText(/^This conversation was closed on /);
    expect(closed).toHaveFocus();
    expect(currentAnnouncement()?.text).toBe('The conversation is closed.');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', /\/close$/)).toHaveLength(1);
  });

  it('offers no Close to the patient’s side', async () => {
    api.messages.isPractitioner = false;
    const stored = api.messages.addClinicalThread({ practitionerName: 'Dr. Who' });
    renderThread(stored.thread._id, createTestUser({ name: 'Grace Hopper' }));
    await screen.findByRole('textbox', { name: 'Your message' });
    expect(screen.queryByRole('button', { name: 'Close conversation' })).not.toBeInTheDocument();
  });

  it('says a conversation that is not the reader’s could not be found', async () => {
    renderThread('3e5a7c90-0000-4000-8000-00000000ffff');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This conversation could not be found.',
    );
  });

  it('shows a message arriving on the live stream without moving focus, and reconnects from the last one seen', async () => {
    const stored = api.messages.addClinicalThread({}, { bodies: ['First'] });
    renderThread(stored.thread._id);
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await expect.poll(() => api.messages.connections.length).toBe(1);
    const [connection] = api.messages.connections;
    expect(connection!.headers.get('authorization')).toBe('Bearer fake-id-token');
    expect(connection!.headers.get('accept')).toBe('text/event-stream');
    box.focus();

    const arriving = api.messages.writeFromOtherSide(stored, 'Second, live');
    act(() =>
      connection!.send({ name: 'message', id: 41, data: { message: arriving, unreadCount: 1 } }),
    );
    await expect.poll(bodiesShown).toEqual(['First', 'Second, live']);
    expect(box).toHaveFocus();
    // Shown means read.
    await expect.poll(() => api.requestsTo('POST', /\/read$/).length).toBe(1);

    // The token runs out: a fresh one reconnects, asking for what came after event 41.
    storeToken('fresh-id-token');
    act(() => connection!.expire());
    await expect.poll(() => api.messages.connections.length).toBe(2);
    const again = api.messages.connections[1]!;
    expect(again.headers.get('authorization')).toBe('Bearer fresh-id-token');
    expect(again.headers.get('last-event-id')).toBe('41');
    // A replayed message is not shown twice.
    act(() => again.send({ name: 'message', id: 41, data: { message: arriving, unreadCount: 0 } }));
    const third = api.messages.writeFromOtherSide(stored, 'Third');
    act(() => again.send({ name: 'message', id: 42, data: { message: third, unreadCount: 1 } }));
    await expect.poll(bodiesShown).toEqual(['First', 'Second, live', 'Third']);
  });
});
