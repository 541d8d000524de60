import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentSuccessPage } from './payment-success-page.tsx';
import { json, makeUser, renderPage, stubApi } from './premium-test-utils.tsx';

const PERKS = [
  'AI-assisted calling for patient and doctor interactions',
  'Unlimited patient data storage',
  'Advanced search of medicines, prescriptions and patient history',
  'Custom treatment plans and reminders',
  '24/7 priority support',
];

const refused = () =>
  json(
    {
      code: 'PAYMENT_REQUIRED',
      message: 'No paid Premier checkout was found for this account. Premium was not activated.',
    },
    402,
  );

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('PaymentSuccessPage', () => {
  it('shows the texts, five perks and Go to Home; a 200 marks the stored session premium', async () => {
    const calls = stubApi({
      'PUT /api/user/subscription': () => json({ user: makeUser({ premiumMember: true }) }),
    });
    const { store } = renderPage(<PaymentSuccessPage />, {
      path: '/payment-success',
      at: '/payment-success?session_id=cs_local_abc',
      user: makeUser(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(screen.getByText('You are now a Premium Member!')).toBeInTheDocument();
    const perks = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(perks.map((item) => item.textContent)).toEqual(PERKS);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');

    await waitFor(() => expect(store.getState().auth.userData?.premiumMember).toBe(true));
    const puts = calls.filter((c) => c.method === 'PUT');
    // Once, even under StrictMode's double effects.
    expect(puts).toEqual([
      {
        method: 'PUT',
        path: '/api/user/subscription',
        search: '',
        body: { sessionId: 'cs_local_abc' },
      },
    ]);
  });

  it.each([
    ['a refused session', '/payment-success?session_id=cs_local_someone_elses'],
    ['the page opened directly, without a session', '/payment-success'],
  ])('leaves premiumMember false for %s and only logs the failure', async (_label, at) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi({ 'PUT /api/user/subscription': refused });
    const { store } = renderPage(<PaymentSuccessPage />, {
      path: '/payment-success',
      at,
      user: makeUser(),
    });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Subscription update failed:', expect.anything()),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(store.getState().auth.userData?.premiumMember).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a guest to the login-required page and calls nothing', async () => {
    const calls = stubApi({});
    const { router } = renderPage(<PaymentSuccessPage />, {
      path: '/payment-success',
      at: '/payment-success?session_id=cs_1',
      user: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/protected'));
    expect(calls).toEqual([]);
  });
});
