import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { resetPaymentsScriptForTests } from './load-payments-script.ts';
import { PremiumPage } from './premium-page.tsx';
import { createPublicConfig, createTestUser } from '../../test/factories.ts';
import { json, startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { http } from 'msw';
import { redirectTo } from './redirect.ts';

vi.mock('./redirect.ts', () => ({ redirectTo: vi.fn() }));

const FEATURES = [
  [
    'AI-Assisted Calling',
    'An AI assistant helps with calls between patients and doctors, from booking to follow-up.',
  ],
  [
    'Unlimited Patient Data Storage',
    'Keep every patient record, report and scan without worrying about limits.',
  ],
  ['Advanced Search', 'Find medicines, prescriptions and patient history in seconds.'],
  [
    'Custom Treatment Plans',
    'Build personalised treatment plans and send timely reminders to patients.',
  ],
  ['Medical Tool Integration', 'Connect the medical tools and devices your practice already uses.'],
  [
    '24/7 Priority Support',
    "Write to Support at any hour from the Support page: members' questions are answered first.",
  ],
];

/** The premium page at /premier, as `user` (a practitioner unless given; null: a guest). */
const renderPremiumPage = (user: TUser | null = createTestUser()) =>
  renderWithApp(<PremiumPage />, { path: '/premier', user });

const submitButton = (name: string | RegExp) => screen.findByRole('button', { name });

beforeEach(() => {
  vi.mocked(redirectTo).mockReset();
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  resetPaymentsScriptForTests();
});

afterEach(() => {
  document.head.querySelectorAll('script[src*="js.stripe.com"]').forEach((s) => s.remove());
  delete (window as { Stripe?: unknown }).Stripe;
});

/** aria-disabled, not disabled: the button stays focusable, so toBeEnabled() cannot tell. */
const expectHeldBack = (button: HTMLElement) =>
  expect(button).toHaveAttribute('aria-disabled', 'true');
const expectCanAct = (button: HTMLElement) => expect(button).not.toHaveAttribute('aria-disabled');

describe('PremiumPage', () => {
  it('shows the hero, the title and six features with title, description and image', async () => {
    startFakeApi();
    renderPremiumPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unlock Premium Membership' }),
    ).toBeInTheDocument();
    expect(document.querySelector('section img[src*="hero"]')).not.toBeNull();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    FEATURES.forEach(([title, description], index) => {
      const item = within(items[index]!);
      expect(item.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
      expect(item.getByText(description!)).toBeInTheDocument();
      expect(items[index]!.querySelector('img')?.getAttribute('src')).toMatch(/feature-.*\.svg/);
    });
    expect(await screen.findByText('One-time payment of $100.00')).toBeInTheDocument();
  });

  it('leads from priority support to Contact support, where members are answered first', async () => {
    startFakeApi();
    renderPremiumPage();
    const support = within(
      (await screen.findByRole('heading', { level: 3, name: '24/7 Priority Support' })).closest(
        'li',
      )!,
    );
    expect(support.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  it('holds the button back, focusable and saying why, until the provider is ready (local: once the config is known)', async () => {
    let answerConfig!: () => void;
    startFakeApi().addHandlers(
      http.get(
        '/api/config',
        () => new Promise((resolve) => (answerConfig = () => resolve(json(createPublicConfig())))),
      ),
    );
    renderPremiumPage();
    const button = await submitButton('Become a Premium Member Now');
    expectHeldBack(button);
    expect(button).toHaveAccessibleDescription(
      'The payment service is not ready yet. Please wait a moment, or reload the page if this stays.',
    );
    await userEvent.click(button);
    expect(button).toHaveFocus();
    await waitFor(() => expect(answerConfig).toBeTypeOf('function'));
    act(() => answerConfig());
    await waitFor(() => expectCanAct(button));
    expect(button).not.toHaveAccessibleDescription();
  });

  it("asks for a checkout with the price, shows 'Processing...' and goes to the returned url", async () => {
    let answerCheckout!: () => void;
    const api = startFakeApi();
    api.addHandlers(
      http.post(
        '/api/premier/create-checkout-session',
        () =>
          new Promise<Response>(
            (resolve) =>
              (answerCheckout = () =>
                resolve(
                  json({
                    id: 'cs_1',
                    url: 'http://localhost:3000/api/premier/local-checkout/cs_1',
                  }),
                )),
          ),
      ),
    );
    renderPremiumPage();
    const button = await submitButton('Become a Premium Member Now');
    await waitFor(() => expectCanAct(button));
    await userEvent.click(button);

    const busy = await submitButton('Processing...');
    expectHeldBack(busy);
    // Busy keeps focus (a disabled button would drop it to the page); a second press is ignored.
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    // The request leaves once the token is read (asynchronous), not necessarily before the label.
    await waitFor(() =>
      expect(api.requests.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/premier/create-checkout-session',
        body: { amount: 100 },
      }),
    );
    act(() => answerCheckout());
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith(
        'http://localhost:3000/api/premier/local-checkout/cs_1',
      ),
    );
    expectHeldBack(screen.getByRole('button', { name: 'Processing...' }));
    expect(screen.queryByText('Payment Status')).not.toBeInTheDocument();
    expect(api.requestsTo('POST', /./)).toHaveLength(1);
  });

  it.each([
    ['the call fails', () => json({ message: 'boom', code: 'INTERNAL' }, { status: 500 })],
    ['the answer has no url', () => json({ id: 'cs_1' })],
  ])('shows Payment Status Failed with the message when %s', async (_label, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startFakeApi().addHandlers(http.post('/api/premier/create-checkout-session', answer));
    renderPremiumPage();
    const button = await submitButton('Become a Premium Member Now');
    await waitFor(() => expectCanAct(button));
    await userEvent.click(button);

    const status = await screen.findByRole('alert');
    expect(within(status).getByText('Payment Status')).toBeInTheDocument();
    expect(within(status).getByText('Failed')).toBeInTheDocument();
    expect(
      within(status).getByText('An error occurred. Please try again later.'),
    ).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
    expectCanAct(await submitButton('Become a Premium Member Now'));
  });

  it("for a member: 'Premium Member' title and button, which alerts and buys nothing", async () => {
    const api = startFakeApi();
    renderPremiumPage(createTestUser({ premiumMember: true }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Premium Member' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Unlock Premium Membership')).not.toBeInTheDocument();
    const button = await submitButton('Premium Member');
    await userEvent.click(button);
    expect(window.alert).toHaveBeenCalledWith('You are already a Premium Member!');
    expect(api.requestsTo('POST', /./)).toEqual([]);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('sends a guest to sign in instead of starting a checkout', async () => {
    const api = startFakeApi();
    const { router } = renderPremiumPage(null);
    const button = await submitButton('Become a Premium Member Now');
    await waitFor(() => expectCanAct(button));
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.requestsTo('POST', /./)).toEqual([]);
  });

  it("a guest's press acts at once, before the payment provider is ready (nothing to wait for)", async () => {
    // The config never answers: a signed-in reader's button would still be disabled.
    startFakeApi().addHandlers(http.get('/api/config', () => new Promise<Response>(() => {})));
    const { router } = renderPremiumPage(null);
    const button = await submitButton('Become a Premium Member Now');
    expectCanAct(button);
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  describe('with Stripe', () => {
    const STRIPE_CONFIG = {
      paymentsProvider: 'stripe',
      paymentsScript: {
        src: 'https://js.stripe.com/v3/',
        initialiser: 'Stripe',
        publishableKey: 'pk_test_portal',
      },
    };
    const stripeScript = () =>
      waitFor(() => {
        const script = document.head.querySelector<HTMLScriptElement>(
          'script[src="https://js.stripe.com/v3/"]',
        );
        expect(script).not.toBeNull();
        return script!;
      });

    it('loads Stripe.js v3 with the publishable key; the button is enabled once it has loaded', async () => {
      startFakeApi({ config: STRIPE_CONFIG });
      renderPremiumPage();
      const button = await submitButton('Become a Premium Member Now');
      const script = await stripeScript();
      expectHeldBack(button);
      const stripeFactory = vi.fn(() => ({}));
      (window as { Stripe?: unknown }).Stripe = stripeFactory;
      act(() => {
        script.dispatchEvent(new Event('load'));
      });
      await waitFor(() => expectCanAct(button));
      expect(stripeFactory).toHaveBeenCalledWith('pk_test_portal');
    });

    it('logs a warning and keeps the button disabled when the script fails to load', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      startFakeApi({ config: STRIPE_CONFIG });
      renderPremiumPage();
      const script = await stripeScript();
      act(() => {
        script.dispatchEvent(new Event('error'));
      });
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith('Payment script failed to load:', expect.any(Error)),
      );
      expectHeldBack(screen.getByRole('button', { name: 'Become a Premium Member Now' }));
    });

    it('never loads Stripe.js with the local provider', async () => {
      startFakeApi();
      renderPremiumPage();
      await waitFor(() =>
        expectCanAct(screen.getByRole('button', { name: 'Become a Premium Member Now' })),
      );
      expect(document.head.querySelector('script[src*="js.stripe.com"]')).toBeNull();
    });
  });
});
