import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ErrorBoundary } from '../features/errors/error-boundary.tsx';
import { AppRoutes } from './router.tsx';
import type { AppStore, RootState } from './store.ts';

/**
 * The providers around the routes, shared by the browser (app.tsx) and the prerender
 * (prerender/render-page.tsx), so hydration meets the same tree. `serverState` is the state
 * a prerendered page was rendered with: React hydrates against it, then re-renders at once
 * with the real session (react-redux's `serverState`).
 */
export function AppFrame({
  store,
  serverState,
  router: Router,
}: {
  store: AppStore;
  serverState?: RootState;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <ErrorBoundary isTopLevel>
      <Provider store={store} {...(serverState && { serverState })}>
        <Router>
          <AppRoutes />
        </Router>
      </Provider>
    </ErrorBoundary>
  );
}
