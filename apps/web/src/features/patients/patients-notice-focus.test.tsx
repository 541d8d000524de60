import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS } from './patients-notice.tsx';
import { findRow, ONE, renderPatientsPageWith } from './patients-page.render.tsx';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';

let api: FakeApi;

beforeEach(() => {
  api = startFakeApi();
});

/** Amina Yusuf on the patients page, deleted by `user`: focus goes to Undo. */
async function deleteAmina(user = userEvent.setup()) {
  renderPatientsPageWith(api, 'Amina Yusuf');
  const row = await findRow('Amina Yusuf');
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  return user;
}

const listHeading = () => screen.getByRole('heading', { name: 'Patients List' });

describe('PatientsPage: focus around the notice (keyboard and screen readers)', () => {
  it('puts focus on Undo after a delete, and Undo stays while focus is on it, past the 8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await deleteAmina(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));

    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await act(async () => {
      vi.advanceTimersByTime(UNDO_MS * 3);
    });
    expect(undo).toBeInTheDocument();
    expect(undo).toHaveFocus();
  });

  it('Undo keeps focus while restoring, then focus goes to the list heading', async () => {
    const user = await deleteAmina();
    await waitFor(() => expect(api.requestsTo('DELETE', ONE)).toHaveLength(1));
    const gate = api.hold('POST', /\/restore$/);

    await user.keyboard('{Enter}');
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveAttribute('aria-disabled', 'true'));
    expect(undo).toHaveFocus();
    // A second press while busy restores nothing twice.
    await user.keyboard('{Enter}');
    gate.release();

    expect(await screen.findByText('Amina Yusuf was restored.')).toBeInTheDocument();
    expect(listHeading()).toHaveFocus();
    expect(api.requestsTo('POST', /\/restore$/)).toHaveLength(1);
  });

  it('Undo pressed before the server has finished the delete restores once it has', async () => {
    const gate = api.hold('DELETE', ONE);
    const user = await deleteAmina();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-disabled', 'true');
    expect(api.requestsTo('POST', /\/restore$/)).toHaveLength(0);

    gate.release();

    expect(await screen.findByText('Amina Yusuf was restored.')).toBeInTheDocument();
    expect(await screen.findByText('Amina Yusuf', { selector: 'li bdi' })).toBeInTheDocument();
    expect(listHeading()).toHaveFocus();
    expect(api.requestsTo('POST', /\/restore$/)).toHaveLength(1);
  });

  it('Dismiss from the keyboard moves focus to the list heading, not to <body>', async () => {
    const user = await deleteAmina();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();

    await user.keyboard('{Enter}');

    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(listHeading()).toHaveFocus();
  });

  it('a failed delete takes Undo away and moves focus to the list heading', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail!: () => void;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    api.on('DELETE', ONE, async () => {
      await failed;
      return new Response(null, { status: 500 });
    });
    await deleteAmina();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();

    fail();

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
    expect(listHeading()).toHaveFocus();
  });
});
