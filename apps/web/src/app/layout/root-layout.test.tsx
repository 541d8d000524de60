import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../store.ts';
import { RootLayout } from './root-layout.tsx';

vi.mock('../../lib/config/public-config.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  usePublicConfig: () => null,
}));

/** A page whose chunk arrives when the test says so, like a lazy route on a slow phone. */
function slowPage() {
  let arrive!: () => void;
  const arrived = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>Slow page</h1> });
  });
  return { SlowPage: lazy(() => arrived), arrive };
}

function renderAt(path: string, SlowPage: ComponentType) {
  window.history.replaceState(null, '', path);
  render(
    <Provider store={createStore()}>
      <BrowserRouter>
        <Routes>
          <Route element={<RootLayout />}>
            <Route
              index
              element={
                <>
                  <h1>Home page</h1>
                  <Link to="/slow">To the slow page</Link>
                </>
              }
            />
            <Route path="slow" element={<SlowPage />} />
            <Route path="other" element={<h1>Other page</h1>} />
          </Route>
        </Routes>
      </BrowserRouter>
    </Provider>,
  );
}

const logoButton = () => screen.getByRole('button', { name: /open menu/i });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('root layout: a menu opened while a page is still arriving', () => {
  it('stays open when the page the address already shows finishes loading', async () => {
    const { SlowPage, arrive } = slowPage();
    renderAt('/', SlowPage);
    await userEvent.click(screen.getByRole('link', { name: 'To the slow page' }));
    // The address is the new page's; its chunk has not arrived, so the home page still shows.
    expect(window.location.pathname).toBe('/slow');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();

    await userEvent.click(logoButton());
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await act(async () => arrive());

    expect(await screen.findByRole('heading', { name: 'Slow page', hidden: true })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('still closes on a navigation that begins after it opened', async () => {
    const { SlowPage } = slowPage();
    renderAt('/', SlowPage);
    await userEvent.click(logoButton());
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

    await act(async () => {
      window.history.pushState({ key: 'later', idx: 1, usr: null }, '', '/other');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });

    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
