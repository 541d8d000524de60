import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../lib/session/auth-slice.ts';
import { createTestUser, patientInput } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { fillPatientForm } from '../../test/user-input.ts';
import { UNDO_MS } from './records-notice.tsx';
import { NEW_PATIENT, renderRecordsPage as renderPageAs } from './records-page.render.tsx';

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

const TEST_USER = createTestUser();
const renderRecordsPage = () => renderPageAs(TEST_USER);

const LIST = /^\/api\/records\/patients$/;
const ONE = /^\/api\/records\/patients\/[^/]+$/;

async function findRow(name: string) {
  const text = await screen.findByText(name);
  return text.closest('li')!;
}

function addButton() {
  return screen.queryByRole('button', { name: '+ Add Patient' });
}

describe('RecordsPage: list', () => {
  it('shows the dashboard headings, loading, then the patients with their actions', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf', diagnosedWith: 'Asthma' }));
    api.records.insert(patientInput({ name: 'Bruno Costa', diagnosedWith: 'Type 2 diabetes' }));
    const gate = api.hold('GET', LIST);
    renderRecordsPage();

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
    renderRecordsPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load patients. Please try again later.',
    );
    expect(screen.queryByText('Loading patients...')).not.toBeInTheDocument();
  });

  it('says when there are no patients', async () => {
    renderRecordsPage();
    expect(await screen.findByText('No patients found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('renders one page at a time and pages with the cursor of the Link header', async () => {
    api.records.seed(120, (i) => ({ name: `Patient ${String(i).padStart(3, '0')}` }));
    renderRecordsPage();
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

  it('searches with ?q= once typing pauses, from the first page', async () => {
    api.records.seed(60, (i) => ({ name: `Patient ${String(i).padStart(3, '0')}` }));
    api.records.insert(patientInput({ name: 'Zoe Malik', diagnosedWith: 'Migraine' }));
    renderRecordsPage();
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

describe('RecordsPage: privacy', () => {
  it("never shows one user's cached patients to the next user signing in here", async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    const { store } = renderRecordsPage();
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

describe('RecordsPage: details', () => {
  it('opens the details, hides Add, shows Yes/No, and goes back to the list', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf', hasChronicDiseases: true }));
    api.records.insert(patientInput({ name: 'Bruno Costa', hasChronicDiseases: false, email: '' }));
    renderRecordsPage();

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

describe('RecordsPage: form', () => {
  it('Add opens an empty form without Add; Cancel returns to the list', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRecordsPage();
    await findRow('Amina Yusuf');

    await userEvent.click(addButton()!);
    expect(addButton()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Blood group')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Create Patient' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
  });

  it('creates a patient: Submitting... while busy, then the reloaded list', async () => {
    renderRecordsPage();
    await screen.findByText('No patients found.');
    await userEvent.click(addButton()!);
    const user = userEvent.setup();
    await fillPatientForm(user, NEW_PATIENT);
    const gate = api.hold('POST', LIST);

    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    // aria-disabled, not disabled: the pressed button keeps focus while the save runs.
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    gate.release();
    const row = await findRow('Chen Wei');
    expect(row).toHaveTextContent('Hypertension');
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
    // The list was fetched again after the save.
    expect(api.requestsTo('GET', LIST).length).toBe(2);
  });

  it('shows the duplicate warning the API answers with', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf', phone: '0123456789' }));
    renderRecordsPage();
    await findRow('Amina Yusuf');
    await userEvent.click(addButton()!);
    const user = userEvent.setup();
    await fillPatientForm(user, patientInput());
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    expect(
      await screen.findByText(
        'Patient saved, but a patient with the same name and phone number already exists. Check that this is not a duplicate.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Patients List' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it('Edit opens the form with the patient and updates with If-Match', async () => {
    const amina = api.records.insert(patientInput({ name: 'Amina Yusuf', age: 42 }));
    renderRecordsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Edit' }),
    );

    expect(addButton()).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Amina Yusuf');
    expect(screen.getByRole('heading', { name: 'Edit patient' })).toHaveFocus();
    expect(screen.getByLabelText('Age')).toHaveValue(42);
    expect(screen.getByLabelText('Blood group')).toHaveValue('O+');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(screen.getByLabelText('Has chronic diseases')).toBeChecked();

    await userEvent.clear(screen.getByLabelText('Diagnosed with'));
    await userEvent.type(screen.getByLabelText('Diagnosed with'), 'Bronchitis');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));

    const row = await findRow('Amina Yusuf');
    await waitFor(() => expect(row).toHaveTextContent('Bronchitis'));
    const [put] = api.requestsTo('PUT', ONE);
    expect(put!.path).toBe(`/api/records/patients/${amina._id}`);
    expect(put!.headers.get('If-Match')).toBe(`"${amina.updatedAt}"`);
    expect(put!.body).toMatchObject({ name: 'Amina Yusuf', diagnosedWith: 'Bronchitis' });
  });

  it('Edit from the details view opens the same patient', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRecordsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'View Details' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Amina Yusuf');
    expect(screen.getByRole('button', { name: 'Update Patient' })).toBeInTheDocument();
  });

  it('says clearly when someone else changed the patient meanwhile (409)', async () => {
    const amina = api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRecordsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Edit' }),
    );
    await screen.findByLabelText('Name');
    api.records.touch(amina._id);
    const touched = api.records.patients.get(amina._id)!.updatedAt;

    await userEvent.type(screen.getByLabelText('Address'), ' (flat 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));
    // The user's edits stay on screen beside the message.

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone changed this patient while you were editing, so your changes were not saved.',
    );
    expect(screen.getByLabelText('Address')).toHaveValue('12 Harbour Road (flat 2)');

    await userEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Address')).toHaveValue('12 Harbour Road');
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
    expect(api.requestsTo('PUT', ONE).map((r) => r.headers.get('If-Match'))).toEqual([
      `"${amina.updatedAt}"`,
      `"${touched}"`,
    ]);
  });

  it('shows the spec message and the server field errors when saving fails', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRecordsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Edit' }),
    );
    await screen.findByLabelText('Name');
    api.on('PUT', ONE, () =>
      Response.json(
        {
          message: 'Phone number must be 10 digits',
          code: 'VALIDATION_FAILED',
          fieldErrors: { phone: 'Phone number must be 10 digits', ownerId: 'Not allowed' },
        },
        { status: 400 },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(
      'An error occurred while saving the patient details. Please try again.',
    );
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      '10 digits, numbers only. Phone number must be 10 digits',
    );

    api.on('PUT', ONE, () => new Response(null, { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Patient' }));
    expect(await screen.findByText(/An error occurred while saving/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Patient' })).toBeEnabled();
  });
});

describe('RecordsPage: delete and undo', () => {
  it('removes the row at once, offers Undo, and Undo restores it', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    api.records.insert(patientInput({ name: 'Bruno Costa' }));
    renderRecordsPage();
    const row = await findRow('Amina Yusuf');
    const gate = api.hold('DELETE', ONE);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));

    // Gone before the server has answered.
    expect(screen.queryByText('Amina Yusuf', { selector: 'span' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1 patients')).toBeInTheDocument();
    expect(
      screen.getByText('Amina Yusuf was moved to the trash.').closest('[role="status"]'),
    ).not.toBeNull();
    gate.release();
    await waitFor(() => expect(api.requestsTo('DELETE', ONE)).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Amina Yusuf was restored.')).toBeInTheDocument();
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
    expect(api.requestsTo('POST', /\/restore$/)).toHaveLength(1);
  });

  it('puts the row back when the delete fails, with no message to the user', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRecordsPage();
    api.on('DELETE', ONE, () => new Response(null, { status: 500 }));
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Delete' }),
    );
    expect(await findRow('Amina Yusuf')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(/was moved to the trash/)).not.toBeInTheDocument(),
    );
    expect(report).toHaveBeenCalled();
  });

  it('closes the details view when the patient is deleted there', async () => {
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    api.records.insert(patientInput({ name: 'Bruno Costa' }));
    renderRecordsPage();
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'View Details' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.queryByRole('heading', { name: 'Patient Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    expect(await findRow('Bruno Costa')).toBeInTheDocument();
    expect(screen.queryByText('Amina Yusuf', { selector: 'span' })).not.toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
  });

  it('withdraws Undo a few seconds after the reader has moved on from it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRecordsPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(await findRow('Amina Yusuf')).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.click(screen.getByLabelText('Search patients'));

    await act(async () => {
      vi.advanceTimersByTime(UNDO_MS - 500);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});

describe('RecordsPage: activity', () => {
  it("lists the audit trail with action, outcome, time and the patient's name, paged", async () => {
    const amina = api.records.insert(patientInput({ name: 'Amina Yusuf' }));
    for (let i = 0; i < 55; i += 1) {
      api.records.audit.push({
        id: 1000 + i,
        action: 'read',
        outcome: 'success',
        patientId: amina._id,
        createdAt: new Date(Date.UTC(2025, 0, 1, 8, 0, 0)).toISOString(),
      });
    }
    api.records.audit.unshift({
      id: 1,
      action: 'update',
      outcome: 'denied',
      patientId: '0f9e8d7c-aaaa-4bbb-8ccc-123456789abc',
      createdAt: '2025-06-01T10:30:00.000Z',
    });
    renderRecordsPage();
    await findRow('Amina Yusuf');

    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));

    expect(screen.getByRole('heading', { name: 'Activity' })).toHaveFocus();
    expect(addButton()).not.toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(51);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Time', 'Action', 'Outcome', 'Patient']);
    const first = within(rows[1]!).getAllByRole('cell');
    expect(first[0]).toHaveTextContent(/2025/);
    expect(first[1]).toHaveTextContent('Updated');
    expect(first[2]).toHaveTextContent('Denied');
    // An id the viewer has no patient for (purged, or someone else's) is said so, not shown.
    expect(first[3]).toHaveTextContent(/^Not in your records$/);
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent(/^Amina Yusuf$/);
    expect(screen.getByText('Showing 1–50 of 56 events')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–56 of 56 events')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(7);

    await userEvent.click(screen.getByRole('button', { name: 'Back to List' }));
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
  });

  it('says when the activity cannot be loaded', async () => {
    api.on('GET', /^\/api\/records\/audit$/, () => new Response(null, { status: 503 }));
    renderRecordsPage();
    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load activity. Please try again later.',
    );
  });
});
