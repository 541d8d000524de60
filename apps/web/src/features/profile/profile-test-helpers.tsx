import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { PROFILE_MESSAGES, ZProfileInput } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../../app/store.ts';
import { ProfilePage } from './profile-page.tsx';

export function createUser(overrides: Partial<TUser> = {}): TUser {
  return {
    _id: '6f1c3a52-8d1e-4b8e-9a57-0c2f7d9e4b11',
    name: 'Dr. Amina Yusuf',
    email: 'amina@example.com',
    picture: null,
    age: 41,
    gender: 'female',
    address: '12 Harbour Road, Lagos',
    phone: '5551234567',
    premiumMember: false,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };

/**
 * A stand-in for the two profile routes, validating with the same shared schema as the API.
 * `failNextSave` makes the next PUT answer as given (a server error, a field error).
 */
export function fakeProfileServer(initial: TUser) {
  let stored = initial;
  let nextSave: Reply | undefined;
  const saves: unknown[] = [];

  // jsdom's Request cannot take the relative '/api/...' URLs the base query builds.
  const BaseRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends BaseRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );

  const reply = ({ status, body }: Reply) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (request.method === 'GET' && pathname === '/api/user/profile')
        return reply({ status: 200, body: { user: stored } });
      if (request.method === 'PUT' && pathname === '/api/user/update-profile') {
        const body: unknown = await request.json();
        saves.push(body);
        if (nextSave) {
          const answer = nextSave;
          nextSave = undefined;
          return reply(answer);
        }
        const parsed = ZProfileInput.safeParse(body);
        if (!parsed.success)
          return reply({ status: 400, body: { message: 'invalid', code: 'VALIDATION_FAILED' } });
        if (parsed.data.email !== stored.email)
          return reply({
            status: 400,
            body: {
              message: PROFILE_MESSAGES.emailReadOnly,
              code: 'EMAIL_READ_ONLY',
              fieldErrors: { email: PROFILE_MESSAGES.emailReadOnly },
            },
          });
        const { email: _email, ...profile } = parsed.data;
        stored = { ...stored, ...profile, updatedAt: new Date().toISOString() };
        return reply({ status: 200, body: { user: stored } });
      }
      return reply({ status: 404, body: { message: 'not found', code: 'ROUTE_NOT_FOUND' } });
    }),
  );

  return {
    saves,
    stored: () => stored,
    failNextSave(answer: Reply) {
      nextSave = answer;
    },
  };
}

/** The profile page at /userProfile with a signed-in session for `sessionUser`. */
export function renderProfilePage(sessionUser: TUser | null) {
  const store = createStore({ auth: { status: sessionUser !== null, userData: sessionUser } });
  const router = createMemoryRouter(
    [
      { path: '/userProfile', element: <ProfilePage /> },
      { path: '/premier', element: <h1>Premier page</h1> },
      { path: '/protected', element: <h1>Login Required</h1> },
    ],
    { initialEntries: ['/userProfile'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

/** The value shown next to a label in the read view. */
export function detail(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}
