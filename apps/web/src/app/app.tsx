import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { ErrorBoundary } from '../features/errors/error-boundary.tsx';
import { AppRoutes } from './router.tsx';
import { persistor, store } from './store.ts';

export function App() {
  return (
    <ErrorBoundary isTopLevel>
      <Provider store={store}>
        <PersistGate loading={null} persistor={persistor}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </PersistGate>
      </Provider>
    </ErrorBoundary>
  );
}
