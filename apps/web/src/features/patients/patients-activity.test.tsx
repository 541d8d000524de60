import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientInput } from '../../test/factories.ts';
import { asRead } from '../../test/queries.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { addButton, findRow, renderPatientsPage } from './patients-page.render.tsx';

// The patients page's activity view: the practitioner's audit trail, paged.

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

/** `count` successful reads in the trail, of `patientId` (null: none). */
function pushReads(count: number, patientId: string | null) {
  for (let i = 0; i < count; i += 1) {
    api.patients.audit.push({
      id: 1000 + i,
      action: 'read',
      outcome: 'success',
      patientId,
      createdAt: new Date(Date.UTC(2025, 0, 1, 8, 0, 0)).toISOString(),
    });
  }
}

describe('PatientsPage: activity', () => {
  it("lists the audit trail with action, outcome, time and the patient's name, paged", async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    pushReads(55, amina._id);
    api.patients.audit.unshift({
      id: 1,
      action: 'update',
      outcome: 'denied',
      patientId: '0f9e8d7c-aaaa-4bbb-8ccc-123456789abc',
      createdAt: '2025-06-01T10:30:00.000Z',
    });
    renderPatientsPage();
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
    ).toEqual(['Time', 'By', 'Action', 'Outcome', 'Patient']);
    const first = within(rows[1]!).getAllByRole('cell').slice(1);
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent(/2025/);
    expect(first[0]).toHaveTextContent(/^You$/);
    expect(first[1]).toHaveTextContent('Updated');
    expect(first[2]).toHaveTextContent('Denied');
    // An id the viewer has no patient for (purged, or someone else's) is said so, not shown.
    expect(first[3]).toHaveTextContent(/^Not in your records$/);
    expect(within(rows[2]!).getAllByRole('cell')[4]).toHaveTextContent(/^Amina Yusuf$/);
    expect(screen.getByText('Showing 1–50 of 56 events')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–56 of 56 events')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(7);

    await userEvent.click(screen.getByRole('button', { name: 'Back to List' }));
    expect(screen.getByRole('heading', { name: 'Patients List' })).toHaveFocus();
  });

  it('shows a run of consecutive list reads as one row: how many times, from when to when', async () => {
    const amina = api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 9, minute)).toISOString();
    const event = (
      id: number,
      action: string,
      minute: number,
      patientId: string | null = null,
    ) => ({ id, action, outcome: 'success', patientId, createdAt: at(minute) });
    // Newest first, as the API answers: 12 list reads, a record viewed, 2 list reads, 1.
    api.patients.audit.push(
      ...Array.from({ length: 12 }, (_, index) => event(100 + index, 'list', 40 - index * 3)),
      event(10, 'read', 5, amina._id),
      event(11, 'list', 4),
      event(12, 'list', 3),
      event(13, 'update', 2, amina._id),
      event(14, 'list', 1),
    );
    renderPatientsPage();
    await findRow('Amina Yusuf');
    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => asRead(cell.textContent)),
    );
    expect(cells.map(([, , action]) => action)).toEqual([
      'Listed patients · 12 times',
      'Viewed',
      'Listed patients · 2 times',
      'Updated',
      'Listed',
    ]);
    // 09:07 to 09:40 UTC, on the test's UTC clock, the date said once.
    expect(cells[0]![0]).toBe('Jan 1, 2025, 9:07:00 AM – 9:40:00 AM');
    expect(cells[4]![0]).toBe('Jan 1, 2025, 9:01:00 AM');
    // The pager still counts events, not rows.
    expect(screen.getByText('Showing 1–17 of 17 events')).toBeInTheDocument();
  });

  it("names a person linked to the viewer's patient by their name", async () => {
    const ana = api.patients.insert(patientInput({ name: 'Ana Lima' }));
    api.patients.audit.unshift({
      id: 7,
      actorId: '5b0f1e2d-3c4b-4a59-8877-665544332211',
      actorName: 'Ana Lima',
      actorRole: 'patient',
      action: 'read',
      outcome: 'success',
      patientId: ana._id,
      createdAt: '2025-06-02T08:00:00.000Z',
    });
    renderPatientsPage();
    await findRow('Ana Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const read = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => asRead(cell.textContent));
    expect(read(rows[0]!).slice(1)).toEqual([
      'Ana Lima, linked person',
      'Viewed',
      'Succeeded',
      'Ana Lima',
    ]);
    expect(
      screen.getByText(/People you invited to a patient's record appear here too/),
    ).toBeVisible();
  });

  it('says when the activity cannot be loaded', async () => {
    api.on('GET', /^\/api\/records\/audit$/, () => new Response(null, { status: 503 }));
    renderPatientsPage();
    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load activity. Please try again later.',
    );
  });

  it("says when the next page cannot be loaded, without the last page's range, and goes back", async () => {
    pushReads(55, null);
    renderPatientsPage();
    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));
    expect(await screen.findByText('Showing 1–50 of 55 events')).toBeInTheDocument();

    api.on('GET', /^\/api\/records\/audit$/, () => new Response(null, { status: 503 }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load activity. Please try again later.',
    );
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveFocus();

    // The way back stays: the first page comes from the cache, without asking the API again.
    const asked = api.requestsTo('GET', /^\/api\/records\/audit$/).length;
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 1–50 of 55 events')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(51);
    expect(api.requestsTo('GET', /^\/api\/records\/audit$/)).toHaveLength(asked);
  });
});
