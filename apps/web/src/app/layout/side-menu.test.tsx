import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../store.ts';
import { RootLayout } from './root-layout.tsx';
import type * as PublicConfig from '../../lib/config/public-config.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';

const { CONFIG } = await vi.hoisted(async () => {
  const { createPublicConfig } = await import('../../test/factories.ts');
  return { CONFIG: createPublicConfig() };
});

// `GET /api/config` as the server answers it.
vi.mock('../../lib/config/public-config.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PublicConfig>()),
  usePublicConfig: () => CONFIG,
}));

function renderLayout({ user }: { user?: TUser } = {}) {
  const store = createStore(user ? { auth: { status: true, userData: user } } : undefined);
  const router = createMemoryRouter([
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <h1>Home page</h1> },
        { path: '*', element: <h1>Another page</h1> },
      ],
    },
  ]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router };
}

const logoButton = () => screen.getByRole('button', { name: /open menu/i });
const menu = () => screen.getByRole('dialog', { name: 'Menu' });

async function openMenu() {
  await userEvent.click(logoButton());
  return menu();
}

describe('side menu', () => {
  it('opens on the logo, takes focus, and makes the page behind it inert', async () => {
    renderLayout();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logoButton()).toHaveAttribute('aria-expanded', 'false');

    const dialog = await openMenu();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(screen.getByRole('banner', { hidden: true }).parentElement).toHaveAttribute('inert');
  });

  it('closes on Escape and gives focus back to the logo', async () => {
    renderLayout();
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logoButton()).toHaveFocus();
    expect(logoButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with the close button and gives focus back to the logo', async () => {
    renderLayout();
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logoButton()).toHaveFocus();
  });

  it('closes on a click outside it, but not on a click inside it', async () => {
    renderLayout();
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('heading', { name: 'Hello, Guest' }));
    expect(menu()).toBeInTheDocument();

    await userEvent.click(document.querySelector('.backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logoButton()).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the open menu', async () => {
    renderLayout();
    const dialog = await openMenu();
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    const links = within(dialog).getAllByRole('link');
    const last = links[links.length - 1]!;

    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();

    for (let press = 0; press < 12; press += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('greets a guest and offers Login, not the signed-in entries', async () => {
    renderLayout();
    const dialog = await openMenu();
    expect(within(dialog).getByRole('heading', { name: 'Hello, Guest' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Welcome back!')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(dialog).getByRole('link', { name: 'Records' })).toHaveAttribute(
      'href',
      '/records',
    );
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(dialog).queryByRole('link', { name: 'View Profile' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('greets a signed-in user by name with View Profile and Logout instead of Login', async () => {
    renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    expect(
      within(dialog).getByRole('heading', { name: 'Hello, Dr. Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Welcome back!')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/userProfile',
    );
    expect(within(dialog).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(within(dialog).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('leads a signed-in reader to Messages', async () => {
    renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('offers no Messages to a guest', async () => {
    renderLayout();
    const dialog = await openMenu();
    expect(within(dialog).queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('has no coming-soon entries left', async () => {
    renderLayout();
    const dialog = await openMenu();
    expect(within(dialog).queryByRole('heading', { name: 'Coming soon' })).not.toBeInTheDocument();
  });

  it('leads everyone to Support, a guest as a signed-in user', async () => {
    for (const user of [undefined, createTestUser()]) {
      const { router } = renderLayout({ user });
      const dialog = await openMenu();
      const entry = within(dialog).getByRole('link', { name: 'Support' });
      expect(entry).toHaveAttribute('href', '/support');
      await userEvent.click(entry);
      expect(router.state.location.pathname).toBe('/support');
      cleanup();
    }
  });

  it('leads to Medicines, the Buy Medicine page, for everyone', async () => {
    const { router } = renderLayout();
    const dialog = await openMenu();
    const entry = within(dialog).getByRole('link', { name: 'Medicines' });
    expect(entry).toHaveAttribute('href', '/buy-medicine');
    await userEvent.click(entry);
    expect(router.state.location.pathname).toBe('/buy-medicine');
  });

  it('leads to the Transaction History', async () => {
    const { router } = renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    const entry = within(dialog).getByRole('link', { name: 'Transaction History' });
    expect(entry).toHaveAttribute('href', '/premier/transactions');
    await userEvent.click(entry);
    expect(router.state.location.pathname).toBe('/premier/transactions');
  });

  it('shows premium lost (a refund on the server) once the page has loaded', async () => {
    startFakeApi({ user: createTestUser({ premiumMember: false }) });
    renderLayout({ user: createTestUser({ premiumMember: true }) });
    const dialog = await openMenu();
    expect(await within(dialog).findByRole('link', { name: 'Premier' })).toHaveAttribute(
      'href',
      '/premier',
    );
    expect(within(dialog).queryByText('Premiumed')).not.toBeInTheDocument();
  });

  it('leads a member who is not premium to /premier and closes', async () => {
    const { router } = renderLayout({ user: createTestUser({ premiumMember: false }) });
    const dialog = await openMenu();
    const premium = within(dialog).getByRole('link', { name: 'Premier' });
    expect(premium).toHaveAttribute('href', '/premier');
    await userEvent.click(premium);
    expect(router.state.location.pathname).toBe('/premier');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Premiumed' to a premium member, and it does nothing", async () => {
    const { router } = renderLayout({ user: createTestUser({ premiumMember: true }) });
    const dialog = await openMenu();
    const premiumed = within(dialog).getByRole('button', { name: 'Premiumed' });
    expect(premiumed).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).queryByRole('link', { name: /premier/i })).not.toBeInTheDocument();
    await userEvent.click(premiumed);
    expect(router.state.location.pathname).toBe('/');
    expect(menu()).toBeInTheDocument();
  });

  it('offers Directory review to a directory reviewer only, from the account’s own answer', async () => {
    startFakeApi({ user: createTestUser({ isDirectoryReviewer: true }) });
    renderLayout({ user: createTestUser({ isDirectoryReviewer: true }) });
    const dialog = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'Directory review' })).toHaveAttribute(
      'href',
      '/directory/review',
    );
  });

  it('offers Pharmacy to the staff of an approved pharmacy only', async () => {
    const api = startFakeApi();
    api.directoryAdmin.addFacility({ kind: 'pharmacy', reviewStatus: 'approved', role: 'staff' });
    renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    expect(await within(dialog).findByRole('link', { name: 'Pharmacy' })).toHaveAttribute(
      'href',
      '/pharmacy',
    );
  });

  it('leaves Pharmacy out for the staff of a pharmacy not yet approved', async () => {
    const api = startFakeApi();
    api.directoryAdmin.addFacility({ kind: 'pharmacy', reviewStatus: 'pending', role: 'staff' });
    renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    await expect.poll(() => api.requestsTo('GET', /^\/api\/facilities$/).length).toBe(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(dialog).queryByRole('link', { name: 'Pharmacy' })).toBeNull();
  });

  it('counts the refill requests waiting for the practitioner beside Records', async () => {
    const api = startFakeApi();
    api.addHandlers(
      http.get('/api/records/refill-requests/count', () => HttpResponse.json({ open: 2 })),
    );
    renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    const records = within(dialog).getByRole('link', { name: /^Records/ });
    await expect.poll(() => records.textContent).toBe('Records2, 2 refill requests');
    expect(records).toHaveAccessibleName('Records, 2 refill requests');
  });

  it('leaves Directory review out for everyone else, without asking the review route', async () => {
    const api = startFakeApi();
    renderLayout({ user: createTestUser() });
    const dialog = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'View Profile' })).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: 'Directory review' })).toBeNull();
    expect(api.requestsTo('GET', /^\/api\/directory\/review/)).toEqual([]);
  });

  it('closes when the reader navigates elsewhere', async () => {
    const { router } = renderLayout();
    await openMenu();
    await act(() => router.navigate('/somewhere'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('header', () => {
  it('searches the portal’s directory, a GET to /find-doctor even before the app runs, and calls the contact phone', () => {
    renderLayout();
    const search = screen.getByRole('combobox', { name: 'Search Doctor or Hospital' });
    expect(search).toHaveAttribute('name', 'q');
    const form = search.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/find-doctor');
    expect(screen.getByRole('link', { name: 'Call +1 800 555 0100' })).toHaveAttribute(
      'href',
      'tel:+18005550100',
    );
  });
});

describe('side menu: My health', () => {
  it('lists My health, after Home, for a person linked to a record', async () => {
    const user = createTestUser();
    const api = startFakeApi({ user });
    api.myHealth.addLink({ patientName: 'Amina Yusuf' });
    renderLayout({ user });
    const dialog = await openMenu();
    const entry = await within(dialog).findByRole('link', { name: 'My health' });
    expect(entry).toHaveAttribute('href', '/my-health');
    const names = within(dialog)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('My health')).toBe(names.indexOf('Home') + 1);
  });

  it('leaves it out for a signed-in person with no linked record', async () => {
    const user = createTestUser();
    const api = startFakeApi({ user });
    renderLayout({ user });
    const dialog = await openMenu();
    await vi.waitFor(() => expect(api.requestsTo('GET', /^\/api\/me\/links$/)).toHaveLength(1));
    expect(within(dialog).queryByRole('link', { name: 'My health' })).not.toBeInTheDocument();
  });
});
