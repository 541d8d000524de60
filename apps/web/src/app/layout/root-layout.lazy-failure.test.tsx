import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { createStore } from '../store.ts';
import { RootLayout } from './root-layout.tsx';

// The signed-in user's lazy parts of the layout, as when their chunks cannot be fetched.
vi.mock('../../features/reminders/reminder-bell.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module: reminder-bell.js');
});
vi.mock('../../features/transactions/premium-sync.ts', () => {
  throw new Error('Failed to fetch dynamically imported module: premium-sync.js');
});
vi.mock('../../lib/config/public-config.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  usePublicConfig: () => null,
}));

describe('root layout: a lazy part that fails to load', () => {
  it('leaves its slot empty and keeps the page, not the error screen', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Provider store={createStore({ auth: { status: true, userData: createTestUser() } })}>
        <MemoryRouter>
          <Routes>
            <Route element={<RootLayout />}>
              <Route index element={<h1>Home page</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>,
    );

    // Both slots caught their chunk's failure.
    await waitFor(() =>
      expect(error.mock.calls.filter(([what]) => what === 'Uncaught rendering error')).toHaveLength(
        2,
      ),
    );
    expect(screen.queryByText('Oops! Something went wrong.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /open menu/i })).toBeInTheDocument();
  });
});
