import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../store.ts';
import { RootLayout } from './root-layout.tsx';
import type * as PublicConfig from '../../lib/config/public-config.ts';
import { createTestUser } from '../../test/factories.ts';
import { fakeDateAt } from '../../test/clock.ts';

const { CONFIG } = await vi.hoisted(async () => {
  const { createPublicConfig } = await import('../../test/factories.ts');
  return { CONFIG: createPublicConfig() };
});

vi.mock('../../lib/config/public-config.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PublicConfig>()),
  usePublicConfig: () => CONFIG,
}));

function renderLayout({ user }: { user?: TUser } = {}) {
  const store = createStore(user ? { auth: { status: true, userData: user } } : undefined);
  const router = createMemoryRouter([
    { element: <RootLayout />, children: [{ index: true, element: <h1>Home page</h1> }] },
  ]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const banner = () => screen.getByRole('banner');

describe('header on a phone', () => {
  it('opens the search from its button, and Escape folds it and gives focus back', async () => {
    renderLayout();
    const toggle = within(banner()).getByRole('button', { name: 'Search Doctor or Hospital' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'directory-search-form');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const search = screen.getByRole('combobox', { name: 'Search Doctor or Hospital' });
    expect(search).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opens the five languages from the globe button; a choice switches and folds the list', async () => {
    renderLayout();
    const toggle = within(banner()).getByRole('button', { name: 'Language' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Language' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Language' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['English', 'العربية', 'Français', 'Deutsch', '中文']);
    expect(within(list).getByRole('button', { name: 'English' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Language' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: 'Sprache' })).toHaveFocus();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(screen.queryByRole('list', { name: 'Sprache' })).not.toBeInTheDocument();
  });
});

describe('header shortcuts', () => {
  it('links a signed-in practitioner to Records and Appointments', () => {
    renderLayout({ user: createTestUser() });
    const shortcuts = within(banner()).getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Records', '/records'],
      ['Appointments', '/appointments'],
    ]);
  });

  it('offers a guest no shortcuts', () => {
    renderLayout();
    expect(within(banner()).queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('footer', () => {
  it("shows the clock's year in the copyright and links to the privacy and terms pages", () => {
    fakeDateAt('2031-06-15T12:00:00Z');
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2031 CareBridge. All rights reserved.')).toBeVisible();
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });
});
