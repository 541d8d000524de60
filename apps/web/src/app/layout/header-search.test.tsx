import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createDirectoryDoctor, createDirectoryFacility } from '../../test/fake-directory.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { HeaderSearch } from './header-search.tsx';

let api: FakeApi;
beforeEach(() => {
  api = startFakeApi();
  api.directory.doctors.push(
    createDirectoryDoctor({
      publicId: '5d0f3c1e-8a7b-4c2d-9e1f-000000000001',
      name: 'Dr. Carla Mendes',
      city: 'Porto',
    }),
    createDirectoryDoctor({
      publicId: '5d0f3c1e-8a7b-4c2d-9e1f-000000000002',
      name: 'Dr. Carlos Ruiz',
    }),
  );
  api.directory.facilities.push(createDirectoryFacility({ name: 'Clínica Carlota', city: 'Faro' }));
});

const routes = [
  { path: '/find-doctor', element: <p>Doctor results</p> },
  { path: '/find-doctor/:id', element: <p>Doctor profile</p> },
  { path: '/find-hospital', element: <p>Places</p> },
];

function renderSearch(onKeyDown = vi.fn()) {
  const view = renderWithApp(
    <HeaderSearch
      formId="directory-search-form"
      className=""
      inputRef={createRef()}
      onKeyDown={onKeyDown}
    />,
    { path: '/', routes },
  );
  return { ...view, box: screen.getByRole('combobox', { name: 'Search Doctor or Hospital' }) };
}

const directoryRequests = () => api.requests.filter((r) => r.path.startsWith('/api/directory/'));
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('HeaderSearch', () => {
  it('suggests doctors and places from the directory once typing pauses, and announces how many', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'carl');

    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(
      within(within(list).getByRole('group', { name: 'Doctors' })).getAllByRole('option'),
    ).toHaveLength(2);
    expect(
      within(list).getByRole('group', { name: 'Hospitals, clinics and pharmacies' }),
    ).toHaveTextContent('Clínica CarlotaFaro');
    expect(optionNames()).toEqual([
      'Dr. Carla MendesPorto',
      'Dr. Carlos RuizLisboa',
      'Clínica CarlotaFaro',
      'All doctors matching “carl”',
    ]);
    await expect
      .poll(() => currentAnnouncement()?.text)
      .toBe('3 suggestions. Use the up and down arrows to choose one.');
    // One pair of requests for the word, not one per keystroke; only the portal is asked.
    expect(directoryRequests().map((r) => `${r.path}?${r.search.toString()}`)).toEqual([
      '/api/directory/doctors?q=carl&limit=5',
      '/api/directory/facilities?q=carl&limit=5',
    ]);
  });

  it('moves through the suggestions with the arrow keys, focus staying in the box, and Enter opens the one chosen', async () => {
    const user = userEvent.setup();
    const { box, router } = renderSearch();
    await user.type(box, 'carl');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last, the first again; above the first, the last.
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Doctor profile')).toBeVisible();
    expect(router.state.location.pathname).toBe(
      '/find-doctor/5d0f3c1e-8a7b-4c2d-9e1f-000000000001',
    );
  });

  it('closes the list on Escape, keeping the text, and lets the next Escape through', async () => {
    const user = userEvent.setup();
    const onKeyDown = vi.fn();
    const { box } = renderSearch(onKeyDown);
    await user.type(box, 'carl');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveValue('carl');
    expect(onKeyDown).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));

    await user.keyboard('{Escape}');
    expect(onKeyDown).toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
    // The arrow opens it again.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the doctors’ results for the text on Enter without a suggestion chosen', async () => {
    const user = userEvent.setup();
    const { box, router } = renderSearch();
    await user.type(box, 'cardiology{Enter}');
    expect(await screen.findByText('Doctor results')).toBeVisible();
    expect(router.state.location.search).toBe('?q=cardiology');
  });

  it('says when nothing matches; Enter still searches', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();
    await user.type(box, 'zzz');
    await expect
      .poll(() => currentAnnouncement()?.text)
      .toBe('No suggestions. Press Enter to search the directory.');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
