import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TDirectorySummary } from '@portal/shared/directory-public';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import i18next from '../../i18n/i18n.ts';
import { HomePage } from './home-page.tsx';
import type * as PublicConfig from '../../lib/config/public-config.ts';
import { server } from '../../test/fake-api.ts';

vi.mock('../../lib/config/public-config.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PublicConfig>()),
  usePublicConfig: () => ({ contactPhone: '+1 800 555 0100' }),
}));

function answerSummary(summary: TDirectorySummary) {
  server.use(http.get('/api/directory/summary', () => HttpResponse.json(summary)));
}

function renderPage(page: ReactNode) {
  render(<MemoryRouter>{page}</MemoryRouter>);
}

it.each([
  {
    page: <HomePage />,
    title: 'Welcome to CareBridge',
    text: 'A bridge between patients and doctors for better healthcare.',
  },
])('$title: the level-1 title and the text under it', ({ page, title, text }) => {
  renderPage(page);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(screen.getByText(text)).toBeVisible();
});

describe('HomePage', () => {
  it('shows a carousel whose first slide calls the contact phone', () => {
    renderPage(<HomePage />);
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    expect(within(carousel).getByRole('link', { name: /Call now/ })).toHaveAttribute(
      'href',
      'tel:+18005550100',
    );
  });

  it('links the four action tiles to their pages', () => {
    renderPage(<HomePage />);
    const tiles = screen.getByRole('region', { name: 'How can we help you today?' });
    const expected = {
      'Book Appointment': '/book-appointment',
      'Find Doctor': '/find-doctor',
      'Find Hospital': '/find-hospital',
      'Buy Medicine': '/buy-medicine',
    };
    for (const [title, href] of Object.entries(expected))
      expect(within(tiles).getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute(
        'href',
        href,
      );
    expect(within(tiles).getAllByRole('link')).toHaveLength(4);
  });

  it("shows the 'Why Choose' section with its image and what the directory holds", async () => {
    answerSummary({ doctors: 2300, hospitals: 12, clinics: 40, pharmacies: 7 });
    renderPage(<HomePage />);
    const why = screen.getByRole('region', { name: 'Why Choose CareBridge?' });
    expect(within(why).getByRole('img')).toHaveAttribute('height', '360');
    await waitFor(() => expect(within(why).getAllByRole('listitem')).toHaveLength(4));
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2,300Doctors', '12Hospitals', '40Clinics', '7Pharmacies']);
  });

  it('claims no figures for an empty directory', async () => {
    answerSummary({ doctors: 0, hospitals: 0, clinics: 0, pharmacies: 0 });
    renderPage(<HomePage />);
    const why = screen.getByRole('region', { name: 'Why Choose CareBridge?' });
    expect(within(why).queryAllByRole('listitem')).toEqual([]);
    expect(
      await within(why).findByText(
        'Practitioners, hospitals, clinics and pharmacies are counted here as they join the directory.',
      ),
    ).toBeVisible();
  });

  it('shows no counters when the directory cannot be asked', async () => {
    server.use(http.get('/api/directory/summary', () => new HttpResponse(null, { status: 503 })));
    renderPage(<HomePage />);
    const why = screen.getByRole('region', { name: 'Why Choose CareBridge?' });
    await waitFor(() => expect(within(why).getByRole('list')).toHaveAttribute('aria-busy', 'true'));
    expect(within(why).queryAllByRole('listitem')).toEqual([]);
  });

  it('formats the counters for the language being read', async () => {
    answerSummary({ doctors: 2300, hospitals: 12, clinics: 40, pharmacies: 7 });
    renderPage(<HomePage />);
    await act(() => i18next.changeLanguage('de'));
    expect(await screen.findByText('2.300')).toBeInTheDocument();
    expect(screen.getByText('Apotheken')).toBeInTheDocument();
  });
});
