import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { TUser } from '@portal/shared/user';
import { createStore } from '../app/store.ts';

/** Stand-ins for the pages a screen sends the reader to; tests assert the text or the path. */
const OTHER_PAGES: RouteObject[] = [
  { path: '/', element: <p>Home page</p> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/protected', element: <p>Protected page</p> },
  { path: '/premier', element: <p>Premier page</p> },
];

export interface RenderWithAppOptions {
  /** The route `ui` is mounted at. */
  path?: string;
  /** The address opened first (with a query string, say); `path` when omitted. */
  at?: string;
  /** The signed-in user; null or omitted: a guest. */
  user?: TUser | null;
  /** More routes, or replacements for the stand-ins. */
  routes?: RouteObject[];
  /** StrictMode, as the app's root (effects run, stop and run again); false to leave it out. */
  isStrict?: boolean;
}

/** Renders `ui` as the app does: its store (signed in as `user`), a memory router. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/screen', at, user = null, routes = [], isStrict = true }: RenderWithAppOptions = {},
) {
  const store = createStore({ auth: { status: user !== null, userData: user } });
  const taken = new Set([path, ...routes.map((route) => route.path)]);
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, ...OTHER_PAGES.filter((page) => !taken.has(page.path))],
    { initialEntries: [at ?? path] },
  );
  const tree = (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
  const view = render(isStrict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, store, router };
}
