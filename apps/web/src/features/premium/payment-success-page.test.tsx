import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentSuccessPage } from './payment-success-page.tsx';
import { http } from 'msw';
import { createTestUser } from '../../test/factories.ts';
import { json, startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

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
    { status: 402 },
  );

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('PaymentSuccessPage', () => {
  it('shows the texts, five perks and Go to Home; a 200 marks the stored session premium', async () => {
    const api = startFakeApi();
    api.addHandlers(
      http.put('/api/user/subscription', () =>
        json({ user: createTestUser({ premiumMember: true }) }),
      ),
    );
    const { store } = renderWithApp(<PaymentSuccessPage />, {
      path: '/payment-success',
      at: '/payment-success?session_id=cs_local_abc',
      user: createTestUser(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(screen.getByText('You are now a Premium Member!')).toBeInTheDocument();
    const perks = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(perks.map((item) => item.textContent)).toEqual(PERKS);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');

    await waitFor(() => expect(store.getState().auth.userData?.premiumMember).toBe(true));
    const puts = api.requestsTo('PUT', /./);
    // Once, even under StrictMode's double effects.
    expect(puts.map(({ method, path, search, body }) => [method, path, `${search}`, body])).toEqual(
      [['PUT', '/api/user/subscription', '', { sessionId: 'cs_local_abc' }]],
    );
  });

  it.each([
    ['a refused session', '/payment-success?session_id=cs_local_someone_elses'],
    ['the page opened directly, without a session', '/payment-success'],
  ])('leaves premiumMember false for %s and only logs the failure', async (_label, at) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = startFakeApi();
    api.addHandlers(http.put('/api/user/subscription', refused));
    const { store } = renderWithApp(<PaymentSuccessPage />, {
      path: '/payment-success',
      at,
      user: createTestUser(),
    });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Subscription update failed:', expect.anything()),
    );
    expect(api.requestsTo('PUT', /./)).toHaveLength(1);
    expect(store.getState().auth.userData?.premiumMember).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a guest to the login-required page and calls nothing', async () => {
    const api = startFakeApi();
    const { router } = renderWithApp(<PaymentSuccessPage />, {
      path: '/payment-success',
      at: '/payment-success?session_id=cs_1',
      user: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/protected'));
    expect(api.requests).toEqual([]);
  });
});
