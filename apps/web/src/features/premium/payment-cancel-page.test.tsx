import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentCancelPage } from './payment-cancel-page.tsx';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';

describe('PaymentCancelPage', () => {
  it('says the upgrade was not completed, links to try again or go home, and lists four reasons', () => {
    const api = startFakeApi();
    const { store } = renderWithApp(<PaymentCancelPage />, {
      path: '/payment-cancel',
      user: createTestUser(),
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
    expect(api.requests).toEqual([]);
    expect(store.getState().auth.userData?.premiumMember).toBe(false);
  });
});
