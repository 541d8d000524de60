import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { SearchPage } from './search-page.tsx';

const MEMBER = createTestUser({ premiumMember: true });
let api: FakeApi;

beforeEach(() => {
  api = startFakeApi({ user: MEMBER });
});

const chartRoute = { path: '/records/patients/:id', element: <p>Chart page</p> };

describe('SearchPage', () => {
  it('searches from the box, groups results under headings, marks matches and announces the count', async () => {
    const user = userEvent.setup();
    const patient = api.patients.insert(patientInput({ name: 'Omar Haddad' }));
    api.visits.add(patient._id, { reason: 'Asthma review', plan: 'Metformin <b>paused</b>' });
    api.clinical.addPrescription(patient._id, { medication: 'Metformin', strength: '500 mg' });
    const { router } = renderWithApp(<SearchPage />, {
      path: '/search',
      user: MEMBER,
      routes: [chartRoute],
    });

    const box = await screen.findByRole('searchbox', {
      name: 'Search patients, visit notes and prescriptions',
    });
    await fill(user, box, 'metformin');
    await user.keyboard('{Enter}');

    const visits = await screen.findByRole('region', { name: /Visit notes/ });
    const prescriptions = screen.getByRole('region', { name: /Prescriptions and medications/ });
    expect(
      within(screen.getByRole('region', { name: /Patients/ })).getByText('Nothing found here.'),
    );
    // Plain text from the API: markup a note holds is shown as text, the match in <mark>.
    const visitMark = within(visits).getByText('Metformin', { selector: 'mark' });
    expect(visitMark.parentElement).toHaveTextContent('Metformin <b>paused</b>');
    expect(within(prescriptions).getByText('Metformin', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByText('2 results.')).toBeInTheDocument();
    await expect.poll(() => currentAnnouncement()?.text).toBe('2 results.');

    // Each hit leads to the section of the patient's chart that shows what matched.
    expect(within(prescriptions).getByRole('link')).toHaveAttribute(
      'href',
      `/records/patients/${patient._id}#medications`,
    );
    await user.click(within(visits).getByRole('link', { name: 'Asthma review' }));
    expect(await screen.findByText('Chart page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/records/patients/${patient._id}`);
    expect(router.state.location.hash).toBe('#visits');
  });

  it('refuses a query shorter than three characters in place, without asking the API', async () => {
    const user = userEvent.setup();
    renderWithApp(<SearchPage />, { path: '/search', user: MEMBER });
    const box = await screen.findByRole('searchbox');
    await fill(user, box, 'ab');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please type at least 3 characters to search.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('GET', /\/api\/premier\/search/)).toHaveLength(0);
  });

  it('shows more of one group on request', async () => {
    const user = userEvent.setup();
    const patient = api.patients.insert(patientInput({ name: 'Lena Fischer' }));
    for (let day = 1; day <= 7; day += 1)
      api.visits.add(patient._id, {
        occurredAt: `2026-03-0${day}T09:00:00.000Z`,
        reason: `Physiotherapy ${day}`,
      });
    renderWithApp(<SearchPage />, { path: '/search', user: MEMBER, at: '/search?q=physio' });
    const visits = await screen.findByRole('region', { name: /Visit notes/ });
    await within(visits).findByText('(5 shown, more available)');
    expect(within(visits).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(visits).getByRole('button', { name: 'Show more Visit notes' }));
    await within(visits).findByText('(7)');
    expect(within(visits).getAllByRole('listitem')).toHaveLength(7);
  });

  it('tells a non-member what Premier adds and links to /premier, without searching', async () => {
    const user = userEvent.setup();
    const plain = createTestUser();
    renderWithApp(<SearchPage />, { path: '/search', user: plain, at: '/search?q=metformin' });
    expect(
      await screen.findByRole('heading', { name: 'Advanced search is a Premier feature' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See what Premier adds' }));
    expect(await screen.findByText('Premier page')).toBeInTheDocument();
    expect(api.requestsTo('GET', /\/api\/premier\/search/)).toHaveLength(0);
  });

  it('shows the Premier explanation when the API answers 402 PREMIUM_REQUIRED', async () => {
    // The stored session still says member; the server knows better (a refund, say).
    api = startFakeApi({ user: createTestUser() });
    renderWithApp(<SearchPage />, { path: '/search', user: MEMBER, at: '/search?q=metformin' });
    expect(
      await screen.findByRole('heading', { name: 'Advanced search is a Premier feature' }),
    ).toBeInTheDocument();
  });
});
