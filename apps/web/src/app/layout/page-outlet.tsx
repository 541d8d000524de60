import { Suspense, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../features/errors/error-boundary.tsx';
import { PageArrival } from './page-arrival.tsx';

/**
 * The page of a layout (root or print): a page that fails to render shows the error screen, and
 * leaving the page clears it; once the page is on screen it is titled and, after a navigation,
 * announced with focus on its heading.
 */
export function PageOutlet({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={null}>
        <Outlet />
        <PageArrival mainRef={mainRef} />
      </Suspense>
    </ErrorBoundary>
  );
}
