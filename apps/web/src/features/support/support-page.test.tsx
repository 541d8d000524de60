import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { SupportPage } from './support-page.tsx';

const TOPICS = [
  'Signing in',
  'Your data and privacy',
  'Premier billing and refunds',
  'Booking and cancelling',
  'The calendar feed',
  'The voice assistant',
];

/** The Support page at /support (or `at`), as `user` (a guest unless given). */
function renderSupport({
  at = '/support',
  user = null as ReturnType<typeof createTestUser> | null,
} = {}) {
  startFakeApi();
  return renderWithApp(<SupportPage />, { path: '/support', at, user });
}

// jsdom lays nothing out and has no scrollIntoView.
beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const question = (name: string) => screen.getByRole('button', { name });

describe('SupportPage: answers to common questions', () => {
  it('groups the questions by topic, each heading a closed disclosure of its answer', async () => {
    const { container } = renderSupport();
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(TOPICS);
    const toggles = screen
      .getAllByRole('heading', { level: 4 })
      .map((heading) => within(heading).getByRole('button'));
    expect(toggles.length).toBeGreaterThanOrEqual(TOPICS.length * 2);
    for (const toggle of toggles) {
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeVisible();
    }
    await expectNoAxeViolations(container);
  });

  it('opens and closes an answer with the keyboard (Enter and Space)', async () => {
    renderSupport();
    const toggle = question('How do I make a new calendar address?');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(
      'press Make a new address in your profile: the old address stops working at once, in every calendar subscribed with it.',
    );
    expect(within(answer).getByRole('link', { name: 'Open your profile' })).toHaveAttribute(
      'href',
      '/userProfile',
    );
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('gives every question an address of its own, which opens it', async () => {
    renderSupport({ at: '/support#calendar-feed' });
    const item = document.getElementById('calendar-feed')!;
    const toggle = within(item).getByRole('button', {
      name: 'How do I see my appointments in my calendar app?',
    });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    expect(item).toHaveTextContent('press Turn on the calendar feed');
    // The address leads there: focus on the question's heading.
    await waitFor(() => expect(within(item).getByRole('heading', { level: 4 })).toHaveFocus());
    // The other answers stay closed.
    expect(question('How do I make a new calendar address?')).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("tells Premier's price from the server, and that the portal has no refund button", async () => {
    renderSupport({ at: '/support#refunds' });
    await userEvent.click(question('What does Premier cost?'));
    expect(
      await screen.findByText(
        "Premier is a one-time payment of $100.00. You pay on Stripe's secure page; your card number never reaches our servers.",
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'There is nothing to cancel: Premier is paid once and never renews, so you are never charged again.',
        { exact: false },
      ),
    ).not.toBeVisible();
    const refunds = document.getElementById('refunds')!;
    await waitFor(() =>
      expect(within(refunds).getByRole('button')).toHaveAttribute('aria-expanded', 'true'),
    );
    expect(refunds).toHaveTextContent('The portal has no refund button. Write to Support below');
    expect(within(refunds).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/support#contact',
    );
  });

  it('is in Arabic when the reader chose it', async () => {
    await i18n.changeLanguage('ar');
    const { container } = renderSupport({ user: createTestUser() });
    expect(screen.getByRole('heading', { level: 1, name: 'الدعم' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'تواصل مع الدعم' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
