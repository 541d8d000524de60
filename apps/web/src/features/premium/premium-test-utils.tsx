import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { TPublicConfig } from '@portal/shared/public-config';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../../app/store.ts';
import { createTestUser } from '../../test/factories.ts';

export const LOCAL_CONFIG: TPublicConfig = {
  authProvider: 'local',
  firebase: null,
  paymentsProvider: 'local',
  paymentsScript: null,
  premiumAmount: 100,
  premiumCurrency: 'usd',
  voice: { isEnabled: false, agentId: null },
  hospitalSearchUrl: 'https://www.apollohospitals.com/',
  contactPhone: '+1 800 555 0100',
};

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return createTestUser({
    _id: '5b0c2f0e-8f65-4a53-9a54-0c7f1d3f6a11',
    name: 'Dr. Ada Test',
    email: 'ada@example.test',
    ...overrides,
  });
}

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Answers the app's API calls from `handlers` (keys like `GET /api/config`) and records them.
 * jsdom's fetch needs absolute URLs, so relative requests are resolved against the page.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const RealRequest = Request;
  vi.stubGlobal(
    'Request',
    class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    const call = {
      method: input.method,
      path: url.pathname,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : json({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, 404);
  });
  return calls;
}

/** Renders `element` at `path` inside the app's store and a memory router. */
export function renderPage(
  element: ReactElement,
  { path, at, user }: { path: string; at?: string; user?: TUser | null },
) {
  const store = createStore({ auth: { status: Boolean(user), userData: user ?? null } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/login', element: <p>Login page</p> },
      { path: '/protected', element: <p>Protected page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [at ?? path] },
  );
  render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  return { store, router };
}
