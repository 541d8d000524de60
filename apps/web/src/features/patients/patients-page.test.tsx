import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { login, logout } from '../../lib/session/auth-slice.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import {
  addButton,
  findRow,
  LIST,
  ONE,
  renderPatientsPage as renderPageAs,
} from './patients-page.render.tsx';

// The patients page's list, its privacy between users, and a patient's details. The form is
// patients-page-form.test.tsx, delete and undo patients-delete-undo.test.tsx, the activity view
// patients-activity.test.tsx.

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

const TEST_USER = createTestUser();
const renderPatientsPage = () => renderPageAs(TEST_USER);

describe('PatientsPage: list', () => {
  it('shows the dashboard headings, loading, then the patients with their actions', async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf', diagnosedWith: 'Asthma' }));
    api.patients.insert(patientInput({ name: 'Bruno Costa', diagnosedWith: 'Type 2 diabetes' }));
    const gate = api.hold('GET', LIST);
    renderPatientsPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Patient Records' });
    expect(within(section).getByText('Patients Management')).toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
    expect(screen.getByText('Loading patients...')).toBeInTheDocument();
    gate.release();

    const row = await findRow('Amina Yusuf');
    expect(screen.queryByText('Loading patients...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Patients List' })).toBeInTheDocument();
    expect(within(row).getByText('Asthma')).toBeInTheDocument();
    for (const name of ['View Details', 'Edit', 'Delete']) {
      const button = within(row).getByRole('button', { name });
      expect(button).toHaveAccessibleDescription('Amina Yusuf');
    }
    expect(await findRow('Bruno Costa')).toHaveTextContent('Type 2 diabetes');
    expect(screen.getByText('Showing 1–2 of 2 patients')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    api.on(
      'GET',
      LIST,
      () => new Response('{"message":"boom","code":"INTERNAL"}', { status: 500 }),
    );
    renderPatientsPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load patients. Please try again later.',
    );
    expect(screen.queryByText('Loading patients...')).not.toBeInTheDocument();
  });

  it('says when there are no patients', async () => {
    renderPatientsPage();
    expect(await screen.findByText('No patients found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('renders one page at a time and pages with the cursor of the Link header', async () => {
    api.patients.seed(120, (i) => ({ name: `Patient ${String(i).padStart(3, '0')}` }));
    renderPatientsPage();
    await screen.findByText('Patient 000');
    // Queries scoped to the pager: role queries over 150 row buttons are slow in jsdom.
    const pager = () =>
      within(screen.getByRole('navigation', { name: 'Pages of the patients list' }));
    const rowCount = () =>
      screen
        .getByRole('heading', { name: 'Patients List' })
        .closest('section')!
        .querySelectorAll('li').length;
    expect(rowCount()).toBe(50);
    expect(pager().getByText('Showing 1–50 of 120 patients')).toBeInTheDocument();
    expect(pager().getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await userEvent.click(pager().getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Patient 050')).toBeInTheDocument();
    expect(screen.queryByText('Patient 000')).not.toBeInTheDocument();
    expect(pager().getByText('Showing 51–100 of 120 patients')).toBeInTheDocument();
    expect(api.requestsTo('GET', LIST).at(-1)!.search.get('cursor')).toBe('50');

    await userEvent.click(pager().getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 101–120 of 120 patients')).toBeInTheDocument();
    expect(rowCount()).toBe(20);
    expect(pager().getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await userEvent.click(pager().getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 51–100 of 120 patients')).toBeInTheDocument();
    expect(screen.getByText('Patient 050')).toBeInTheDocument();
  }, 20_000);

  it('keeps the way back when the next page cannot be loaded', async () => {
    api.patients.seed(60, (i) => ({ name: `Patient ${String(i).padStart(3, '0')}` }));
    renderPatientsPage();
    await screen.findByText('Patient 000');
    api.on('GET', LIST, () => new Response(null, { status: 503 }));

    await userEvent.click(
      within(screen.getByRole('navigation')).getByRole('button', { name: 'Next page' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load patients. Please try again later.',
    );
    const pager = within(screen.getByRole('navigation', { name: 'Pages of the patients list' }));
    expect(pager.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(pager.getByRole('button', { name: 'Next page' })).toHaveFocus();

    await userEvent.click(pager.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Patient 000')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 60 patients')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('searches with ?q= once typing pauses, from the first page', async () => {
    api.patients.seed(60, (i) => ({ name: `Patient ${String(i).padStart(3, '0')}` }));
    api.patients.insert(patientInput({ name: 'Zoe Malik', diagnosedWith: 'Migraine' }));
    renderPatientsPage();
    await screen.findByText('Patient 000');
    await userEvent.click(
      within(screen.getByRole('navigation')).getByRole('button', { name: 'Next page' }),
    );
    await screen.findByText('Zoe Malik');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'MIGR');

    expect(await screen.findByText('Showing 1–1 of 1 patients')).toBeInTheDocument();
    expect(screen.getByText('Zoe Malik')).toBeInTheDocument();
    const searches = api.requestsTo('GET', LIST).filter((r) => r.search.has('q'));
    expect(searches.map((r) => r.search.get('q'))).toEqual(['MIGR']);
    expect(searches[0]!.search.has('cursor')).toBe(false);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search patients' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'nobody');
    expect(await screen.findByText('No patients found.')).toBeInTheDocument();
  });
});

describe('PatientsPage: privacy', () => {
  it("never shows one user's cached patients to the next user signing in here", async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const { store } = renderPatientsPage();
    await findRow('Amina Yusuf');

    api.on('GET', LIST, () => Response.json([], { headers: { 'X-Total-Count': '0' } }));
    act(() => {
      store.dispatch(logout());
      store.dispatch(login({ ...TEST_USER, _id: '5d0c0a11-0000-4000-8000-000000000002' }));
    });

    expect(await screen.findByText('No patients found.')).toBeInTheDocument();
    expect(screen.queryByText('Amina Yusuf')).not.toBeInTheDocument();
  });
});

describe('PatientsPage: details', () => {
  it('opens the details, hides Add, shows Yes/No, and goes back to the list', async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf', hasChronicDiseases: true }));
    api.patients.insert(
      patientInput({ name: 'Bruno Costa', hasChronicDiseases: false, email: '' }),
    );
    renderPatientsPage();

    const row = await findRow('Amina Yusuf');
    await userEvent.click(within(row).getByRole('button', { name: 'View Details' }));

    const heading = screen.getByRole('heading', { name: 'Patient Details' });
    expect(heading).toHaveFocus();
    expect(addButton()).not.toBeInTheDocument();
    const details = heading.closest('section')!;
    expect(within(details).getByText('Has chronic diseases').nextSibling).toHaveTextContent('Yes');
    expect(within(details).getByText('O+')).toBeInTheDocument();
    expect(within(details).getByText('0987654321')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET', ONE)).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Back to List' }));
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
    expect(addButton()).toBeInTheDocument();

    await userEvent.click(
      within(await findRow('Bruno Costa')).getByRole('button', { name: 'View Details' }),
    );
    const section = screen.getByRole('heading', { name: 'Patient Details' }).closest('section')!;
    expect(within(section).getByText('Has chronic diseases').nextSibling).toHaveTextContent('No');
  });
});
