import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentCancelPage } from './payment-cancel-page.tsx';
import { makeUser, renderPage, stubApi } from './premium-test-utils.tsx';

describe('PaymentCancelPage', () => {
  it('says the upgrade was not completed, links to try again or go home, and lists four reasons', () => {
    const calls = stubApi({});
    const { store } = renderPage(<PaymentCancelPage />, {
      path: '/payment-cancel',
      user: makeUser(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your payment was canceled, so your Premium upgrade was not completed. You have not been charged.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/premier');
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 2, name: 'Why Go Premium?' })).toBeInTheDocument();
    const reasons = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(reasons.map((item) => item.textContent)).toEqual([
      'AI-assisted calling that saves time for patients and doctors',
      'Unlimited storage for all your patient records',
      '24/7 priority support whenever you need help',
      'An ad-free platform, focused on care',
    ]);
    expect(calls).toEqual([]);
    expect(store.getState().auth.userData?.premiumMember).toBe(false);
  });
});
