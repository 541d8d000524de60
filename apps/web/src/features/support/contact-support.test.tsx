import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, type TThreadWithMessages } from '@portal/shared/message-threads';
import i18n from '../../i18n/i18n.ts';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser } from '../../test/factories.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { json, startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { ContactSupport } from './contact-support.tsx';

const THREAD_ID = '3f1d9a52-6c0b-4e8f-9a27-5b4c1d0e7f63';

/** What `POST /api/messages/threads` answers: the new support thread and its first message. */
function supportThread(subject: string, body: string): TThreadWithMessages {
  const now = '2026-03-02T09:00:00.000Z';
  return {
    thread: {
      _id: THREAD_ID,
      kind: 'support',
      subject,
      createdAt: now,
      lastMessageAt: now,
      closedAt: null,
      unreadCount: 0,
      requesterName: 'Dr. Ada Lovelace',
      isMember: false,
    },
    messages: [
      {
        _id: '8b2e4c71-0d3a-4f59-b6e8-2a9c7d1f0e45',
        threadId: THREAD_ID,
        body,
        authorName: 'Dr. Ada Lovelace',
        authorRole: 'requester',
        isMine: true,
        createdAt: now,
        attachments: [],
      },
    ],
  };
}

/** Contact support on /support as `user`; the thread screen is a stand-in. */
function renderContact(user: ReturnType<typeof createTestUser> | null = createTestUser()) {
  const api = startFakeApi();
  const view = renderWithApp(<ContactSupport />, {
    path: '/support',
    user,
    routes: [{ path: '/messages/:id', element: <p>Thread page</p> }],
  });
  return { api, ...view };
}

const subjectBox = () => screen.getByRole('textbox', { name: 'Subject' });
const messageBox = () => screen.getByRole('textbox', { name: 'Your question' });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send to Support' }));

describe('ContactSupport', () => {
  it('asks for a subject and a message with the shared messages, focusing the first wrong field, sending nothing', async () => {
    const { api } = renderContact();
    await send();
    expect(subjectBox()).toHaveFocus();
    expect(subjectBox()).toHaveAttribute('aria-invalid', 'true');
    expect(subjectBox()).toHaveAccessibleDescription(
      `One line, at most 200 characters. ${MESSAGE_TEXTS.subjectRequired}`,
    );
    expect(messageBox()).toHaveAccessibleDescription(
      `At most 5000 characters. ${MESSAGE_TEXTS.bodyRequired}`,
    );
    expect(currentAnnouncement()?.text).toBe('There are problems with 2 fields');
    await expectNoAxeViolations(document.body);

    await userEvent.type(subjectBox(), 'Refund');
    await send();
    expect(messageBox()).toHaveFocus();
    expect(subjectBox()).not.toHaveAttribute('aria-invalid');
    expect(currentAnnouncement()?.text).toBe('There is a problem with 1 field');
    expect(api.requestsTo('POST', /^\/api\/messages\/threads$/)).toEqual([]);
  });

  it('shows the messages in the reader’s language', async () => {
    await i18n.changeLanguage('fr');
    renderContact();
    await userEvent.click(screen.getByRole('button', { name: "Envoyer à l'assistance" }));
    expect(screen.getByText('Veuillez donner un objet à la conversation.')).toBeVisible();
    expect(screen.getByText('Veuillez écrire un message.')).toBeVisible();
  });

  it('opens a support thread and goes to it on 201', async () => {
    const { api, router } = renderContact();
    api.on('POST', /^\/api\/messages\/threads$/, (request) => {
      const { subject, body } = request.body as { subject: string; body: string };
      return json(supportThread(subject, body), { status: 201 });
    });
    await userEvent.type(subjectBox(), '  Refund of my Premier payment ');
    await userEvent.type(messageBox(), 'Invoice CB-2026-0042, please.');
    await send();
    expect(await screen.findByText('Thread page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/messages/${THREAD_ID}`);
    expect(api.requestsTo('POST', /^\/api\/messages\/threads$/).map((r) => r.body)).toEqual([
      {
        support: true,
        subject: 'Refund of my Premier payment',
        body: 'Invoice CB-2026-0042, please.',
      },
    ]);
  });

  it('says when the API refused, keeps what was typed, and puts its field messages on the fields', async () => {
    const { api } = renderContact();
    api.on('POST', /^\/api\/messages\/threads$/, () =>
      json({ code: 'INTERNAL', message: 'Something went wrong on our side.' }, { status: 500 }),
    );
    await userEvent.type(subjectBox(), 'Calendar');
    await userEvent.type(messageBox(), 'My feed address stopped working.');
    await send();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your question could not be sent. Please try again later.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(subjectBox()).toHaveValue('Calendar');

    api.on('POST', /^\/api\/messages\/threads$/, () =>
      json(
        {
          code: 'VALIDATION_FAILED',
          message: MESSAGE_TEXTS.bodyInvalid,
          fieldErrors: { body: MESSAGE_TEXTS.bodyInvalid },
        },
        { status: 400 },
      ),
    );
    await send();
    await waitFor(() => expect(messageBox()).toHaveFocus());
    expect(messageBox()).toHaveAccessibleDescription(
      `At most 5000 characters. ${MESSAGE_TEXTS.bodyInvalid}`,
    );

    api.on('POST', /^\/api\/messages\/threads$/, () =>
      json(
        { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' },
        { status: 429 },
      ),
    );
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent many messages in a short time. Please wait a minute and try again.',
    );
  });

  it('tells a Premier member that their questions are answered first', async () => {
    renderContact(createTestUser({ premiumMember: true }));
    expect(
      screen.getByText('As a Premier member, your questions are answered first.'),
    ).toBeVisible();
  });

  it('says nothing of priority to others', () => {
    renderContact(createTestUser({ premiumMember: false }));
    expect(screen.queryByText(/answered first/)).not.toBeInTheDocument();
  });

  it('tells a guest what the form is for and asks them to sign in, coming back here', async () => {
    const { router, container } = renderContact(null);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
    expect(
      screen.getByText(
        'Signed in, you can write to Support here and read the answers in Messages.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to write to Support' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      returnTo: '/support#contact',
      reason: 'support',
    });
  });

  it('invents no e-mail address: the form, or the phone for those who cannot sign in', async () => {
    renderContact(null);
    const section = within(screen.getByRole('region', { name: 'Contact support' }));
    const phone = await section.findByRole('link', { name: '+1 800 555 0100' });
    expect(phone).toHaveAttribute('href', 'tel:+18005550100');
    expect(phone.parentElement).toHaveTextContent(
      'Support has no e-mail address: questions go through this form, which needs you to be signed in. If you cannot sign in, call us: +1 800 555 0100',
    );
    expect(section.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});
