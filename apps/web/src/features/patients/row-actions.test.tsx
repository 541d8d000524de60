import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RowActions } from './row-actions.tsx';

function renderRow() {
  render(
    <>
      <span id="patient-name">Ada Lovelace</span>
      <RowActions describedBy="patient-name">
        <button type="button">View Details</button>
        <button type="button">Delete</button>
      </RowActions>
    </>,
  );
  return screen.getByRole('button', { name: 'Actions' });
}

describe('RowActions', () => {
  it("is a disclosure of the row's buttons, described by the patient's name", async () => {
    const toggle = renderRow();
    expect(toggle).toHaveAccessibleDescription('Ada Lovelace');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const actions = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(actions).toContainElement(screen.getByRole('button', { name: 'Delete' }));

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('folds on Escape from one of its buttons and gives focus back to Actions', async () => {
    const toggle = renderRow();
    await userEvent.click(toggle);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'View Details' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
