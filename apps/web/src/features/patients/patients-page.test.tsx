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
const renderPatientsPage = (user = TEST_USER, at?: string) => renderPageAs(user, at);

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

describe("PatientsPage: a patient's chart", () => {
  it('opens the chart at its own address, shows Yes/No, and Back to List returns to the list as it was', async () => {
    api.patients.seed(60, (i) => ({
      name: `Patient ${String(i).padStart(3, '0')}`,
      hasChronicDiseases: i === 55,
    }));
    const { router } = renderPatientsPage();
    await screen.findByText('Patient 000');
    await userEvent.click(
      within(screen.getByRole('navigation')).getByRole('button', { name: 'Next page' }),
    );
    const row = await findRow('Patient 055');
    const patient = [...api.patients.patients.values()].find((p) => p.name === 'Patient 055')!;
    await userEvent.click(within(row).getByRole('button', { name: 'View Details' }));

    expect(router.state.location.pathname).toBe(`/records/patients/${patient._id}`);
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient 055' })).toBeVisible();
    const details = screen.getByRole('heading', { name: 'Patient Details' }).closest('section')!;
    expect(addButton()).not.toBeInTheDocument();
    expect(within(details).getByText('Has chronic diseases').nextSibling).toHaveTextContent('Yes');
    expect(within(details).getByText('O+')).toBeInTheDocument();
    expect(within(details).getByText('0987654321')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to List' }));

    // The entry before (history), on the page of the list the patient was opened from.
    expect(router.state.location.pathname).toBe('/records');
    expect(router.state.historyAction).toBe('POP');
    const back = await findRow('Patient 055');
    expect(screen.getByText('Showing 51–60 of 60 patients')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(back).getByRole('button', { name: 'View Details' })).toHaveFocus(),
    );
    expect(addButton()).toBeInTheDocument();

    await userEvent.click(
      within(await findRow('Patient 056')).getByRole('button', { name: 'View Details' }),
    );
    const section = (
      await screen.findByRole('heading', { level: 4, name: 'Patient Details' })
    ).closest('section')!;
    expect(within(section).getByText('Has chronic diseases').nextSibling).toHaveTextContent('No');
  });

  it('Back to List from a chart opened by its address goes to the list as a new entry', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const { router } = renderPatientsPage(TEST_USER, `/records/patients/${amina._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' });

    await userEvent.click(screen.getByRole('button', { name: 'Back to List' }));

    expect(router.state.location.pathname).toBe('/records');
    expect(router.state.historyAction).toBe('PUSH');
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
  });

  it('Back and Forward move between the list and a chart, and between two charts', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const bruno = api.patients.insert(patientInput({ name: 'Bruno Costa' }));
    const { router } = renderPatientsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'View Details' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' });
    await act(() => router.navigate(`/records/patients/${bruno._id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Costa' })).toBeVisible();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/records/patients/${amina._id}`);
    await act(() => router.navigate(-1));
    expect(await findRow('Bruno Costa')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Patient Details' })).not.toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' })).toBeVisible();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Costa' })).toBeVisible();
  });

  it('says the patient was not found, with the way back to the list, for an id not theirs', async () => {
    const { router } = renderPatientsPage(
      TEST_USER,
      '/records/patients/0b7d6c1e-0000-4000-8000-00000000beef',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patient not found' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'This patient is not among your patients. They may have been deleted, or the address may be wrong.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute('href', '/records');
    // The chart's own answer: no alert, no other page.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      '/records/patients/0b7d6c1e-0000-4000-8000-00000000beef',
    );
  });

  it('sends an old link to a patient (/records?patient=) to their chart, replacing it', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const { router } = renderPatientsPage(TEST_USER, `/records?patient=${amina._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/records/patients/${amina._id}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
