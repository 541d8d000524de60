import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';

function Exploding(): never {
  throw new Error('Patient list could not be drawn');
}

describe('ErrorScreen', () => {
  it('shows the spec texts, the message, a Reload button and collapsible details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Exploding />, errorElement: <ErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { name: 'Oops! Something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Patient list could not be drawn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    const details = screen.getByText('Error details').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('Error details'));
    expect(details).toHaveAttribute('open');
  });
});
