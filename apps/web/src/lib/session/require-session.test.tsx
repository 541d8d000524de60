import { useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/router.tsx';
import { createStore } from '../../app/store.ts';
import type { AuthState } from './auth-slice.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi } from '../../test/fake-api.ts';

const location = { pathname: '' };
/** Reports where the router ended up, in the same commit as the page it rendered. */
function LocationProbe() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    location.pathname = pathname;
  }, [pathname]);
  return null;
}

function renderAt(path: string, auth: AuthState) {
  const store = createStore({ auth });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { state: { location } };
}

// The pages behind the guards load their data from the fake API.
beforeEach(() => {
  startFakeApi({ user: signedIn.userData! });
});

const signedIn: AuthState = {
  status: true,
  userData: createTestUser({
    _id: '16fd2706-8baf-433b-82eb-8c7fada847da',
    name: 'Dr. Guard',
    email: 'guard@example.test',
  }),
};

describe('route guards', () => {
  it.each(['/records', '/userProfile', '/payment-success'])(
    'send a guest opening %s to /protected',
    async (path) => {
      const router = renderAt(path, { status: false, userData: null });
      expect(
        await screen.findByRole('heading', { name: 'Login Required' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/protected');
    },
  );

  it.each(['/records', '/userProfile', '/payment-success'])(
    'let a signed-in user open %s',
    async (path) => {
      const router = renderAt(path, signedIn);
      expect(
        await screen.findByRole('heading', { level: 1 }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByText('Login Required')).not.toBeInTheDocument();
    },
  );

  it('leave public pages open to guests', async () => {
    const router = renderAt('/premier', { status: false, userData: null });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/premier');
  });
});
