import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { createDirectoryDoctor } from '../../test/fake-directory.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { slotWhen } from './directory-text.ts';
import { FindDoctorPage } from './find-doctor-page.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
});

const profileRoute = { path: '/find-doctor/:id', element: <p>Profile page</p> };
const id = (n: number) => `5d0f3c1e-8a7b-4c2d-9e1f-${String(n).padStart(12, '0')}`;

function renderSearch(at = '/find-doctor') {
  return renderWithApp(<FindDoctorPage />, { path: '/find-doctor', at, routes: [profileRoute] });
}

/** A card's terms and their values. */
const factsOf = (card: HTMLElement) =>
  Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

const searches = () => api.requestsTo('GET', /^\/api\/directory\/doctors$/);

describe('FindDoctorPage', () => {
  it('searches by name or specialty with the filters, keeps them in the address, and shows cards with their next free times', async () => {
    const user = userEvent.setup();
    api.directory.doctors.push(
      createDirectoryDoctor({
        publicId: id(1),
        name: 'Dr. Layla Haddad',
        specialties: ['394579002'],
        languages: ['ar', 'fr'],
        visitKinds: ['video'],
        onlineBooking: 'request',
        starts: [
          '2026-03-02T09:00:00Z',
          '2026-03-02T09:30:00Z',
          '2026-03-03T10:00:00Z',
          '2026-03-04T10:00:00Z',
        ],
      }),
      createDirectoryDoctor({
        publicId: id(2),
        name: 'Dr. Nuno Costa',
        specialties: ['394591006'],
      }),
    );
    const { router } = renderSearch();
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a Doctor' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: '2 doctors found' })).toBeVisible();

    await fill(user, screen.getByRole('searchbox', { name: 'Name or specialty' }), 'cardio');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language spoken' }), 'ar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of visit' }), 'video');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
    expect(router.state.location.search).toBe('?q=cardio&language=ar&kind=video');
    expect(searches().at(-1)!.search.toString()).toBe('q=cardio&language=ar&kind=video');
    await expect.poll(() => currentAnnouncement()?.text).toBe('1 doctor found');

    const card = screen.getByRole('article', { name: 'Dr. Layla Haddad' });
    expect(within(card).getByRole('link', { name: 'Dr. Layla Haddad' })).toHaveAttribute(
      'href',
      `/find-doctor/${id(1)}`,
    );
    expect(factsOf(card)).toEqual({
      Specialties: 'Cardiology',
      Languages: 'Arabic and French',
      Where: 'Lisboa',
      Visits: 'Video',
    });
    expect(card).toHaveTextContent('Online booking by request: the doctor confirms');
    const times = within(card).getAllByRole('link', { name: /^Book / });
    expect(times).toHaveLength(3);
    const when = slotWhen('2026-03-02T09:00:00Z', 'Europe/Lisbon', 'en');
    expect(times[0]).toHaveAccessibleName(`Book ${when} with \u2068Dr. Layla Haddad\u2069`);
    expect(times[0]).toHaveTextContent(when);
    expect(times[0]).toHaveAttribute(
      'href',
      `/find-doctor/${id(1)}?slot=${encodeURIComponent('2026-03-02T09:00:00Z')}`,
    );
  });

  it('costs one request a page, however many cards it shows, and adds the next page with "More results"', async () => {
    const user = userEvent.setup();
    for (let n = 1; n <= 25; n++)
      api.directory.doctors.push(
        createDirectoryDoctor({
          publicId: id(n),
          name: `Dr. Pager ${String(n).padStart(2, '0')}`,
          starts: ['2026-03-02T09:00:00Z'],
        }),
      );
    renderSearch('/find-doctor?q=Pager');
    expect(await screen.findByRole('heading', { name: '25 doctors found' })).toBeVisible();
    expect(await screen.findAllByRole('article')).toHaveLength(20);
    expect(searches()).toHaveLength(1);
    expect(
      api.requests.filter((request) => request.path.startsWith('/api/directory')),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'More results' }));
    await expect.poll(() => screen.getAllByRole('article').length).toBe(25);
    expect(searches()).toHaveLength(2);
    expect(searches()[1]!.search.get('cursor')).toBe('20');
    // The first card of the added page takes focus; no further page is offered.
    expect(screen.getByRole('heading', { name: 'Dr. Pager 21' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'More results' })).not.toBeInTheDocument();
  });

  it('fills the form from the address, so Back and Forward repeat a search', async () => {
    api.directory.doctors.push(
      createDirectoryDoctor({ publicId: id(1), name: 'Dr. Layla Haddad' }),
    );
    const { router } = renderSearch('/find-doctor?q=Layla&city=Lisboa&specialty=394579002');
    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Name or specialty' })).toHaveValue('Layla');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Lisboa');
    expect(screen.getByRole('combobox', { name: 'Specialty' })).toHaveValue('394579002');

    await act(() => router.navigate('/find-doctor?q=Nobody'));
    expect(await screen.findByText(/No doctor matches this search/)).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Name or specialty' })).toHaveValue('Nobody');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Name or specialty' })).toHaveValue('Layla');
  });

  it('says when the directory cannot be searched, and tries again', async () => {
    const user = userEvent.setup();
    api.directory.doctors.push(createDirectoryDoctor({ publicId: id(1) }));
    api.on('GET', /^\/api\/directory\/doctors$/, () =>
      HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 }),
    );
    renderSearch();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The directory could not be searched. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
  });

  it('says so when one address has asked too often in a minute', async () => {
    api.addHandlers(
      http.get('/api/directory/doctors', () =>
        HttpResponse.json({ code: 'RATE_LIMITED', message: 'Too many requests.' }, { status: 429 }),
      ),
    );
    renderSearch();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many searches from this connection in one minute.',
    );
  });
});
