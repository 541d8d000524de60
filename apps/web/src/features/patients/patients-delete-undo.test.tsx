import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { UNDO_MS } from './patients-notice.tsx';
import { addButton, findRow, ONE, renderPatientsPageWith } from './patients-page.render.tsx';

// Deleting a patient from the patients page: at once, with Undo, and put back when it fails.

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

describe('PatientsPage: delete and undo', () => {
  it('removes the row at once, offers Undo, and Undo restores it', async () => {
    renderPatientsPageWith(api, 'Amina Yusuf', 'Bruno Costa');
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
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPatientsPageWith(api, 'Amina Yusuf');
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

  it('goes back to the list, offering Undo, when the patient is deleted on their chart', async () => {
    const { router } = renderPatientsPageWith(api, 'Amina Yusuf', 'Bruno Costa');
    await userEvent.click(
      within(await findRow('Amina Yusuf')).getByRole('button', { name: 'View Details' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('button', { name: 'Undo' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/records');
    expect(screen.queryByRole('heading', { name: 'Patient Details' })).not.toBeInTheDocument();
    expect(await findRow('Bruno Costa')).toBeInTheDocument();
    expect(screen.queryByText('Amina Yusuf', { selector: 'span' })).not.toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
  });

  it('withdraws Undo a few seconds after the reader has moved on from it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPatientsPageWith(api, 'Amina Yusuf');
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
