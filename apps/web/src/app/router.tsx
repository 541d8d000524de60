import i18next from 'i18next';
import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSession } from '../lib/session/require-session.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * A page in its own chunk, loaded on first visit together with its texts, so it never
 * renders before its namespace is there.
 */
function page(load: () => Promise<ComponentType>, namespace: string) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), i18next.loadNamespaces(namespace)]);
    return { default: Component };
  });
}

const HomePage = page(
  () => import('../features/home/home-page.tsx').then((m) => m.HomePage),
  'home',
);
const LoginPage = page(
  () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage),
  'auth',
);
const LogoutPage = page(
  () => import('../features/auth/logout-page.tsx').then((m) => m.LogoutPage),
  'auth',
);
const ProfilePage = page(
  () => import('../features/profile/profile-page.tsx').then((m) => m.ProfilePage),
  'profile',
);
const PremierPage = page(
  () => import('../features/premium/premier-page.tsx').then((m) => m.PremierPage),
  'premium',
);
const PaymentSuccessPage = page(
  () => import('../features/premium/payment-success-page.tsx').then((m) => m.PaymentSuccessPage),
  'premium',
);
const PaymentCancelPage = page(
  () => import('../features/premium/payment-cancel-page.tsx').then((m) => m.PaymentCancelPage),
  'premium',
);
const RecordsPage = page(
  () => import('../features/records/records-page.tsx').then((m) => m.RecordsPage),
  'records',
);
const comingSoon = (
  name: 'BookAppointmentPage' | 'FindDoctorPage' | 'FindHospitalPage' | 'BuyMedicinePage',
) => page(() => import('../features/home/coming-soon-page.tsx').then((m) => m[name]), 'home');
const BookAppointmentPage = comingSoon('BookAppointmentPage');
const FindDoctorPage = comingSoon('FindDoctorPage');
const FindHospitalPage = comingSoon('FindHospitalPage');
const BuyMedicinePage = comingSoon('BuyMedicinePage');
const ProtectedPage = page(
  () => import('../features/errors/protected-page.tsx').then((m) => m.ProtectedPage),
  'common',
);
const UnauthorizedPage = page(
  () => import('../features/errors/unauthorized-page.tsx').then((m) => m.UnauthorizedPage),
  'common',
);
const NotFoundPage = page(
  () => import('../features/errors/not-found-page.tsx').then((m) => m.NotFoundPage),
  'common',
);

/**
 * Every route of SPEC.md section 2. Declarative routes: the app needs no loaders or actions,
 * and the data router would add ~16 KiB gzipped to every page (see README, Performance).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="premier" element={<PremierPage />} />
        <Route path="payment-cancel" element={<PaymentCancelPage />} />
        {/* Signed-in only: a guest is sent to /protected. */}
        <Route element={<RequireSession />}>
          <Route path="userProfile" element={<ProfilePage />} />
          <Route path="payment-success" element={<PaymentSuccessPage />} />
          <Route path="records" element={<RecordsPage />} />
        </Route>
        <Route path="book-appointment" element={<BookAppointmentPage />} />
        <Route path="find-doctor" element={<FindDoctorPage />} />
        <Route path="find-hospital" element={<FindHospitalPage />} />
        <Route path="buy-medicine" element={<BuyMedicinePage />} />
        <Route path="protected" element={<ProtectedPage />} />
        <Route path="unauthorized" element={<UnauthorizedPage />} />
        <Route path="not-found" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
