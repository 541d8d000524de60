import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TUser } from '@portal/shared/user';
import { authReducer } from '../session/auth-slice.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { createBaseQuery } from './base-query.ts';
import { dismissApiNotice } from './error-notices.ts';
import { createTestUser } from '../../test/factories.ts';

const user: TUser = createTestUser({
  _id: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Dr. Alert',
  email: 'alert@example.test',
});

const json = (status: number, body: unknown) => () =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The alert mounted as in the root layout, a page whose query answers with `answer`. */
function renderWithAnswer(answer: (request: Request) => Promise<Response>) {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ fetchFn: (input) => answer(input as Request) }),
    endpoints: (build) => ({
      probe: build.query<unknown, void>({ query: () => '/probe' }),
      other: build.query<unknown, void>({ query: () => '/other' }),
    }),
  });
  const store = configureStore({
    reducer: { auth: authReducer, api: testApi.reducer },
    preloadedState: { auth: { status: true, userData: user } },
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  function PatientsProbe() {
    const { data, refetch } = testApi.useProbeQuery();
    return (
      <>
        <p>records page</p>
        {data !== undefined && <p>records loaded</p>}
        <button type="button" onClick={() => void refetch()}>
          Try again
        </button>
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ApiErrorAlert />
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path: '/records', element: <PatientsProbe /> },
          { path: '/login', element: <p>login page</p> },
          {
            path: '/unauthorized',
            element: (
              <main id="main">
                <h1>403 page</h1>
              </main>
            ),
          },
          { path: '/not-found', element: <p>404 page</p> },
          { path: '/', element: <p>home</p> },
        ],
      },
    ],
    { initialEntries: ['/records'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, testApi };
}

beforeEach(() => {
  localStorage.setItem('firebase_token', 'header.payload.signature');
  sessionStorage.setItem('firebase_token', 'header.payload.signature');
  localStorage.setItem('user', JSON.stringify(user));
});
afterEach(() => {
  act(() => dismissApiNotice());
  localStorage.clear();
  sessionStorage.clear();
});

async function expectAlert(text: string) {
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(text);
}

describe('ApiErrorAlert shows the error catalogue', () => {
  it('401: alerts the session expired, clears the session and goes to /login', async () => {
    const { store } = renderWithAnswer(
      json(401, { message: 'not authenticated', code: 'NOT_AUTHENTICATED' }),
    );
    await expectAlert('Your session has expired. Please log in again.');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
    expect(store.getState().auth).toEqual({ status: false, userData: null });
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('firebase_token')).toBeNull();
      expect(storage.getItem('user')).toBeNull();
    }
  });

  it("a message containing 'not authenticated' is treated like a 401", async () => {
    const { store } = renderWithAnswer(json(400, { message: 'User not authenticated' }));
    await expectAlert('Your session has expired. Please log in again.');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe(false);
  });

  it('403: alerts and goes to /unauthorized, keeping the session', async () => {
    const { store } = renderWithAnswer(json(403, { message: 'Forbidden', code: 'FORBIDDEN' }));
    await expectAlert('You do not have permission to access this resource.');
    expect(await screen.findByText('403 page')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe(true);
    expect(localStorage.getItem('firebase_token')).toBe('header.payload.signature');
  });

  it('404: alerts and goes to /not-found', async () => {
    renderWithAnswer(json(404, { message: 'The requested resource could not be found.' }));
    await expectAlert('The requested resource could not be found.');
    expect(await screen.findByText('404 page')).toBeInTheDocument();
  });

  it('500 or above: alerts the server problem and stays', async () => {
    renderWithAnswer(json(503, { message: 'The service is temporarily unavailable.' }));
    await expectAlert('There is a problem with the server. Please try again later.');
    expect(screen.getByText('records page')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/records');
  });

  it('400: alerts the server message', async () => {
    renderWithAnswer(
      json(400, { message: 'Phone number must be 10 digits', code: 'VALIDATION_FAILED' }),
    );
    await expectAlert('Phone number must be 10 digits');
    expect(screen.getByTestId('path')).toHaveTextContent('/records');
  });

  it('400 without a message: alerts the default text', async () => {
    renderWithAnswer(json(400, {}));
    await expectAlert('Invalid request. Please check your input.');
  });

  it('a network error: alerts the network text', async () => {
    renderWithAnswer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expectAlert(
      'Network error or timeout. Please check your internet connection and try again.',
    );
    expect(screen.getByTestId('path')).toHaveTextContent('/records');
  });

  it('anything else: alerts the server message', async () => {
    renderWithAnswer(json(402, { message: 'Payment required for Premium.' }));
    await expectAlert('Payment required for Premium.');
  });

  it('anything else without a message: alerts the unknown-error text', async () => {
    renderWithAnswer(json(409, null));
    await expectAlert('An unknown error occurred. Please try again later.');
  });

  it('anything else with only an error message: alerts the error message', async () => {
    renderWithAnswer(() =>
      Promise.resolve(
        new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    await expect.poll(() => alert.textContent).toMatch(/SyntaxError|JSON/);
  });

  it('can be dismissed', async () => {
    renderWithAnswer(json(500, {}));
    await expectAlert('There is a problem with the server. Please try again later.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('Dismiss gives focus back to the control the reader was on when it appeared', async () => {
    renderWithAnswer(json(500, {}));
    const server = 'There is a problem with the server. Please try again later.';
    await expectAlert(server);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    await userEvent.click(tryAgain);
    await expectAlert(server);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(tryAgain).toHaveFocus();
  });

  it('Dismiss puts focus on the page heading when that control is gone, never on <body>', async () => {
    renderWithAnswer(json(403, {}));
    await screen.findByText('403 page');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('heading', { level: 1, name: '403 page' })).toHaveFocus();
  });

  it('goes when the failed request, retried, now succeeds, without leaving the page', async () => {
    let isServerBack = false;
    renderWithAnswer(() => (isServerBack ? json(200, { ok: true })() : json(500, {})()));
    await expectAlert('There is a problem with the server. Please try again later.');
    isServerBack = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('records loaded')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByTestId('path')).toHaveTextContent('/records');
  });

  it('stays when another request succeeds after the failure', async () => {
    const { store, testApi } = renderWithAnswer((request) =>
      new URL(request.url).pathname.endsWith('/other')
        ? json(200, { ok: true })()
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    const network =
      'Network error or timeout. Please check your internet connection and try again.';
    await expectAlert(network);
    const other = await store.dispatch(testApi.endpoints.other.initiate());
    expect(other.data).toEqual({ ok: true });
    expect(screen.getByRole('alert')).toHaveTextContent(network);
  });

  it('leaves when the user moves to another page', async () => {
    const { router } = renderWithAnswer(json(500, {}));
    await expectAlert('There is a problem with the server. Please try again later.');
    await act(() => router.navigate('/'));
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('stays on the page it sent the user to, then goes when the user moves on', async () => {
    const { router } = renderWithAnswer(json(403, {}));
    await screen.findByText('403 page');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You do not have permission to access this resource.',
    );
    await act(() => router.navigate('/'));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each([
    {
      name: 'shows a server message by its code in French, never the English text',
      language: 'fr',
      answer: json(400, { message: 'This page link is no longer valid.', code: 'INVALID_CURSOR' }),
      text: "Ce lien de page n'est plus valide. Recommencez à la première page.",
    },
    {
      name: 'shows the branch’s own text in Arabic for a code it has no text for',
      language: 'ar',
      answer: json(400, { message: 'q must be at most 100 characters', code: 'NEW_CODE' }),
      text: 'طلب غير صالح. يُرجى التحقق من المدخلات.',
    },
    {
      name: 'speaks the reader’s language',
      language: 'fr',
      answer: json(401, {}),
      text: 'Votre session a expiré. Veuillez vous reconnecter.',
    },
  ])('$name', async ({ language, answer, text }) => {
    await act(() => i18n.changeLanguage(language));
    try {
      renderWithAnswer(answer);
      await expectAlert(text);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
