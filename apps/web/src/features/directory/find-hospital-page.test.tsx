import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDirectoryDoctor, createDirectoryFacility } from '../../test/fake-directory.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { fill } from '../../test/user-input.ts';
import { FindHospitalPage } from './find-hospital-page.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
});

const SANTA_MARIA = createDirectoryFacility({
  _id: '9b2e7c4a-1d3f-4a5b-8c6d-000000000001',
  name: 'Hospital Santa Maria',
  address: 'Av. Prof. Egas Moniz\n1649-035',
  coordinates: { lat: 38.7496, lng: -9.1606 },
});
const FARMACIA = createDirectoryFacility({
  _id: '9b2e7c4a-1d3f-4a5b-8c6d-000000000002',
  kind: 'pharmacy',
  name: 'Farmácia Estácio',
  city: 'Porto',
  address: 'Rua de Santa Catarina 1',
  phone: null,
});

function renderPage(at = '/find-hospital') {
  return renderWithApp(<FindHospitalPage />, { path: '/find-hospital', at });
}

describe('FindHospitalPage', () => {
  it('finds places by name, city and kind, kept in the address', async () => {
    const user = userEvent.setup();
    api.directory.facilities.push(SANTA_MARIA, FARMACIA);
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: '2 places found' })).toBeVisible();

    await fill(user, screen.getByRole('textbox', { name: 'City' }), 'porto');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'pharmacy');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '1 place found' })).toBeVisible();
    expect(router.state.location.search).toBe('?city=porto&kind=pharmacy');
    const card = screen.getByRole('article', { name: 'Farmácia Estácio' });
    expect(card).toHaveTextContent('Pharmacy');
    // No phone: no call link.
    expect(within(card).queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Rua de Santa Catarina 1, Porto (opens a map)' }),
    ).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Rua%20de%20Santa%20Catarina%201%2C%20Porto%2C%20PT',
    );
  });

  it('adds the next page with "More results", its first place taking focus', async () => {
    const user = userEvent.setup();
    for (let n = 1; n <= 21; n++)
      api.directory.facilities.push(
        createDirectoryFacility({
          _id: `9b2e7c4a-1d3f-4a5b-8c6d-${String(n).padStart(12, '0')}`,
          name: `Clinic ${String(n).padStart(2, '0')}`,
        }),
      );
    renderPage();
    expect(await screen.findByRole('heading', { name: '21 places found' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'More results' }));
    expect(await screen.findByRole('heading', { name: 'Clinic 21' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'More results' })).not.toBeInTheDocument();
  });

  it('links the address to a map of its coordinates and the phone to a call', async () => {
    api.directory.facilities.push(SANTA_MARIA);
    renderPage('/find-hospital?q=Santa');
    const card = await screen.findByRole('article', { name: 'Hospital Santa Maria' });
    expect(
      within(card).getByRole('link', {
        name: 'Av. Prof. Egas Moniz, 1649-035, Lisboa (opens a map)',
      }),
    ).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=38.7496&mlon=-9.1606#map=17/38.7496/-9.1606',
    );
    expect(within(card).getByRole('link', { name: 'Call +351217805000' })).toHaveAttribute(
      'href',
      'tel:+351217805000',
    );
  });

  it('lists a place’s doctors when asked, each linked to their profile, reading them once', async () => {
    const user = userEvent.setup();
    api.directory.facilities.push(SANTA_MARIA);
    api.directory.doctors.push(
      createDirectoryDoctor({
        publicId: '5d0f3c1e-8a7b-4c2d-9e1f-000000000007',
        name: 'Dr. Rui Alves',
        specialties: ['394591006'],
        facility: SANTA_MARIA,
      }),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Hospital Santa Maria' });
    expect(api.requestsTo('GET', /^\/api\/directory\/facilities\/.+/)).toHaveLength(0);
    const toggle = within(card).getByRole('button', { name: 'Doctors here' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(card).findByRole('link', { name: 'Dr. Rui Alves' })).toHaveAttribute(
      'href',
      '/find-doctor/5d0f3c1e-8a7b-4c2d-9e1f-000000000007',
    );
    expect(card).toHaveTextContent('Neurology');
    await user.click(toggle);
    await user.click(toggle);
    expect(api.requestsTo('GET', /^\/api\/directory\/facilities\/.+/)).toHaveLength(1);
  });

  it('says when nothing matches', async () => {
    renderPage('/find-hospital?q=Nowhere');
    expect(
      await screen.findByText('No hospital, clinic or pharmacy matches this search.'),
    ).toBeVisible();
  });
});
