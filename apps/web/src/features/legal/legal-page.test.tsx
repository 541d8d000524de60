import { render, screen, within } from '@testing-library/react';
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
      'Messages',
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

describe('PrivacyPage: messages', () => {
  it('says who reads messages, how they are stored and sent, and how long they are kept', () => {
    render(<PrivacyPage />);
    const section = within(screen.getByRole('region', { name: 'Messages' }));
    const items = section.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(
        /^A conversation about a patient is read by that patient's practitioner and by the people linked to the record/,
      ),
      expect.stringMatching(
        /^A conversation with Support is read by you and by the portal's Support staff only\. Support staff never see conversations about patients/,
      ),
      expect.stringMatching(/^Messages are not end-to-end encrypted/),
      expect.stringMatching(
        /^Files attached to a message can be PDF, JPEG or PNG\. Pictures lose their metadata, including the place where they were taken/,
      ),
      expect.stringMatching(
        /^The e-mail that tells you of a new message says only that there is one/,
      ),
      expect.stringMatching(
        /^A conversation about a patient is kept as long as the patient's record: it is deleted with the record, 30 days after the patient was deleted\. A conversation with Support is kept as long as the account that started it/,
      ),
    ]);
    // Only what is true: the portal does not encrypt the database itself.
    expect(
      section.getByText(/Whether that database is encrypted on disk is up to the organisation/),
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
