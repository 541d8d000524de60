import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from '../features/errors/error-screen.tsx';
import { RequireSession } from '../lib/session/require-session.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/** Every route of SPEC.md section 2. Pages are split into their own chunks, loaded on visit. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: 'login',
            lazy: () =>
              import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'logout',
            lazy: () =>
              import('../features/auth/logout-page.tsx').then((m) => ({ Component: m.LogoutPage })),
          },
          {
            path: 'premier',
            lazy: () =>
              import('../features/premium/premier-page.tsx').then((m) => ({
                Component: m.PremierPage,
              })),
          },
          {
            path: 'payment-cancel',
            lazy: () =>
              import('../features/premium/payment-cancel-page.tsx').then((m) => ({
                Component: m.PaymentCancelPage,
              })),
          },
          {
            // Signed-in only: a guest is sent to /protected.
            element: <RequireSession />,
            children: [
              {
                path: 'userProfile',
                lazy: () =>
                  import('../features/profile/profile-page.tsx').then((m) => ({
                    Component: m.ProfilePage,
                  })),
              },
              {
                path: 'payment-success',
                lazy: () =>
                  import('../features/premium/payment-success-page.tsx').then((m) => ({
                    Component: m.PaymentSuccessPage,
                  })),
              },
              {
                path: 'records',
                lazy: () =>
                  import('../features/records/records-page.tsx').then((m) => ({
                    Component: m.RecordsPage,
                  })),
              },
            ],
          },
          {
            path: 'book-appointment',
            lazy: () =>
              import('../features/home/coming-soon-page.tsx').then((m) => ({
                Component: m.BookAppointmentPage,
              })),
          },
          {
            path: 'find-doctor',
            lazy: () =>
              import('../features/home/coming-soon-page.tsx').then((m) => ({
                Component: m.FindDoctorPage,
              })),
          },
          {
            path: 'find-hospital',
            lazy: () =>
              import('../features/home/coming-soon-page.tsx').then((m) => ({
                Component: m.FindHospitalPage,
              })),
          },
          {
            path: 'buy-medicine',
            lazy: () =>
              import('../features/home/coming-soon-page.tsx').then((m) => ({
                Component: m.BuyMedicinePage,
              })),
          },
          {
            path: 'protected',
            lazy: () =>
              import('../features/errors/protected-page.tsx').then((m) => ({
                Component: m.ProtectedPage,
              })),
          },
          {
            path: 'unauthorized',
            lazy: () =>
              import('../features/errors/unauthorized-page.tsx').then((m) => ({
                Component: m.UnauthorizedPage,
              })),
          },
          {
            path: 'not-found',
            lazy: () =>
              import('../features/errors/not-found-page.tsx').then((m) => ({
                Component: m.NotFoundPage,
              })),
          },
          {
            path: '*',
            lazy: () =>
              import('../features/errors/not-found-page.tsx').then((m) => ({
                Component: m.NotFoundPage,
              })),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
