import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPage, TermsPage } from './legal-page.tsx';

describe('PrivacyPage', () => {
  it('says what is stored, where, how long, who sees it, and how to export and delete it', () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'What we store',
      'Where it is kept',
      'How long it is kept',
      'Who can see it',
      'What a linked patient, parent or carer sees',
      'What the directory publishes',
      'Video visits',
      'Taking your data with you',
      'Deleting your data',
    ]);
    expect(
      screen.getByText(/Card numbers are entered on Stripe's page and never reach our servers/),
    ).toBeVisible();
    expect(screen.getByText(/stays in the trash for 30 days/)).toBeVisible();
    expect(
      screen.getByText(/registration numbers, patients and appointments are never published/),
    ).toBeVisible();
    expect(screen.getByText(/neither side learns the other's address/)).toBeVisible();
    expect(
      screen.getByText(/They never see your other patients, your notes of unsigned visits/),
    ).toBeVisible();
  });
});

describe('TermsPage', () => {
  it('is a titled page of short sections', () => {
    render(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of use');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
  });
});
