import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import MessagesHeaderLink from './messages-header-link.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
  storeToken('fake-id-token');
});
afterEach(() => clearStoredSession());

const renderLink = () =>
  renderWithApp(<MessagesHeaderLink />, { path: '/', user: createTestUser() });

describe('the header’s Messages', () => {
  it('counts the unread messages of the inbox’s first page in its name, and the live stream keeps it current and reads arrivals out', async () => {
    const stored = api.messages.addClinicalThread(
      { patientName: 'Grace Hopper' },
      { count: 2, unread: 2 },
    );
    api.messages.addSupportThread({ unreadCount: 1 });
    renderLink();
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/messages');
    await expect.poll(() => api.messages.connections.length).toBe(1);

    const arriving = api.messages.writeFromOtherSide(stored, 'One more thing');
    act(() =>
      api.messages.connections[0]!.send({
        name: 'message',
        id: 7,
        data: { message: arriving, unreadCount: 3 },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Messages, 4 unread' })).toBe(link);
    expect(currentAnnouncement()?.text).toBe('New message from Grace Hopper.');
  });

  it('is plain “Messages” with nothing unread, and says nothing of the reader’s own messages', async () => {
    const stored = api.messages.addClinicalThread();
    renderLink();
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeVisible();
    await expect.poll(() => api.messages.connections.length).toBe(1);
    const before = currentAnnouncement();
    act(() =>
      api.messages.connections[0]!.send({
        name: 'message',
        id: 8,
        data: { message: { ...stored.messages[0]!, _id: crypto.randomUUID(), isMine: true } },
      }),
    );
    await expect.poll(() => api.requestsTo('GET', /^\/api\/messages\/threads$/).length).toBe(2);
    expect(currentAnnouncement()).toBe(before);
  });
});
