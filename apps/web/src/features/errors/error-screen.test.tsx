import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';

function Exploding(): never {
  throw new Error('Patient list could not be drawn');
}

function PageSwitcher() {
  const [path, setPath] = useState('/broken');
  return (
    <>
      <button onClick={() => setPath('/fine')}>Leave</button>
      <ErrorBoundary resetKey={path}>
        {path === '/broken' ? <Exploding /> : <p>Fine page</p>}
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary and the global error screen', () => {
  it('shows the spec texts, the message, a Reload button and collapsible details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary isTopLevel>
        <Exploding />
      </ErrorBoundary>,
    );

    expect(
      screen.getByRole('heading', { name: 'Oops! Something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Patient list could not be drawn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    const details = screen.getByText('Error details').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('Error details'));
    expect(details).toHaveAttribute('open');
  });

  it('clears the error when the page changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<PageSwitcher />);
    expect(
      screen.getByRole('heading', { name: 'Oops! Something went wrong.' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Fine page')).toBeInTheDocument();
    expect(screen.queryByText('Oops! Something went wrong.')).not.toBeInTheDocument();
  });
});
