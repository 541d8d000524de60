import i18n from '../i18n/i18n.ts';
import { lazy, type ComponentType } from 'react';
import { Route, Routes, useSearchParams } from 'react-router';
import { settled } from '../lib/lazy/preloadable.ts';
import { readPersistedSession } from '../lib/session/persisted-session.ts';
import { RequireSession } from '../lib/session/require-session.tsx';
import { useAppSelector } from './hooks.ts';
import { PrintLayout } from './layout/print-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * The shared schema modules a page may build before its own chunk, in the order they build on
 * each other: Zod, the phone numbers' metadata, the text fields' rules, then the modules of the
 * forms. Zod schemas are built when their module is imported; evaluated together with the page's
 * chunk they made one task of 200–350 ms at a phone's speed (docs/performance.md), so a page
 * imports the ones it uses one per task first. Each module names only what its forms use: the field messages'
 * table (`@portal/shared/messages`) is plain data and builds none.
 */
const SCHEMA_MODULES = {
  zod: () => import('zod'),
  phone: () => import('@portal/shared/phone'),
  textFields: () => import('@portal/shared/text-fields'),
  patient: () => import('@portal/shared/patient'),
  appointment: () => import('@portal/shared/appointment'),
  prescription: () => import('@portal/shared/prescription'),
  directory: () => import('@portal/shared/directory'),
  profile: () => import('@portal/shared/profile'),
} as const satisfies Record<string, () => Promise<unknown>>;

type SchemaModule = keyof typeof SCHEMA_MODULES;

/** Imports each module in a task of its own, in the order of SCHEMA_MODULES. */
async function importStepByStep(modules: readonly SchemaModule[]): Promise<void> {
  const inOrder = (Object.keys(SCHEMA_MODULES) as SchemaModule[]).filter((module) =>
    modules.includes(module),
  );
  for (const module of inOrder) {
    await SCHEMA_MODULES[module]();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** A page component that can also be loaded ahead of its first render. */
type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page in its own chunk, loaded on first visit together with its texts, so it never
 * renders before its namespace is there. Once `preload` has finished it renders at once, without
 * suspending: main.tsx preloads the page of a prerendered address, so hydration meets the whole
 * page, and a press on it is never dropped while its part of the tree waits for a chunk.
 * `usesSchemas`: the shared schema modules the page's chunk evaluates, which are then imported
 * first, one per task (SCHEMA_MODULES).
 */
function page(
  load: () => Promise<ComponentType>,
  namespace: string | string[],
  { usesSchemas = [] }: { usesSchemas?: readonly SchemaModule[] } = {},
): Page {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadPage = () =>
    usesSchemas.length > 0 ? importStepByStep(usesSchemas).then(load) : load();
  const preload = () =>
    (loading ??= Promise.all([loadPage(), i18n.loadNamespaces(namespace)]).then(
      ([Component]) => (loaded = { default: Component }),
    ));
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
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
  ['profile', 'practice', 'notices', 'listing', 'facilities'],
  {
    usesSchemas: ['zod', 'phone', 'textFields', 'patient', 'appointment', 'directory', 'profile'],
  },
);
const JoinFacilityPage = page(
  () =>
    import('../features/profile/directory/join-facility-page.tsx').then((m) => m.JoinFacilityPage),
  'facilities',
);
const DirectoryReviewPage = page(
  () =>
    import('../features/directory-review/directory-review-page.tsx').then(
      (m) => m.DirectoryReviewPage,
    ),
  ['directoryReview', 'listing'],
);
const PremiumPage = page(
  () => import('../features/premium/premium-page.tsx').then((m) => m.PremiumPage),
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
// The practitioner's day above the patient list: composed in app/ (features stay apart).
const PatientsPage = page(
  () => import('./patients-route.tsx').then((m) => m.PatientsRoute),
  ['records', 'appointments', 'visits', 'clinical', 'vitals', 'timeline', 'carePlans', 'start'],
);
// A patient's chart: the sections of other features and of the patient-owned kinds, composed in
// app/; its texts come with it.
const PatientChartPage = page(
  () =>
    import('./patient-chart-route.tsx').then(async (m) => {
      await i18n.loadNamespaces(m.KIND_NAMESPACES);
      return m.PatientChartRoute;
    }),
  [
    'records',
    'appointments',
    'visits',
    'clinical',
    'vitals',
    'timeline',
    'carePlans',
    'access',
    'messages',
    'video',
    'medicines',
  ],
  { usesSchemas: ['zod', 'phone', 'textFields', 'patient', 'appointment', 'prescription'] },
);
const PrescriptionPrintPage = page(
  () => import('./prescription-print-route.tsx').then((m) => m.PrescriptionPrintRoute),
  ['clinical', 'records'],
);
const AppointmentsPage = page(
  () => import('../features/appointments/agenda-page.tsx').then((m) => m.AgendaPage),
  ['appointments', 'video'],
  { usesSchemas: ['zod', 'phone', 'textFields', 'patient', 'appointment'] },
);
// A video visit: the call, with the appointment's status for the practitioner (app/video-route.tsx).
const VideoPage = page(
  () => import('./video-route.tsx').then((m) => m.VideoRoute),
  ['video', 'appointments'],
);
const SearchPage = page(
  () => import('../features/search/search-page.tsx').then((m) => m.SearchPage),
  'search',
  { usesSchemas: ['zod', 'textFields'] },
);
const TransactionsPage = page(
  () => import('../features/transactions/transactions-page.tsx').then((m) => m.TransactionsPage),
  'transactions',
);
const ReceiptPage = page(
  () => import('../features/transactions/receipt-page.tsx').then((m) => m.ReceiptPage),
  'transactions',
);
const TodayPage = page(
  () => import('../features/care-plans/today-page.tsx').then((m) => m.TodayPage),
  'carePlans',
);
const JoinPage = page(
  () => import('../features/my-health/join-page.tsx').then((m) => m.JoinPage),
  'myHealth',
);
const MyHealthPage = page(
  () => import('../features/my-health/my-health-page.tsx').then((m) => m.MyHealthPage),
  ['myHealth', 'video'],
);
const PatientViewPage = page(
  () => import('../features/my-health/patient-view-page.tsx').then((m) => m.PatientViewPage),
  'myHealth',
);
const MedicinesPrintPage = page(
  () => import('../features/my-health/medicines-print-page.tsx').then((m) => m.MedicinesPrintPage),
  'myHealth',
);
const MessagesPage = page(
  () => import('../features/messages/messages-page.tsx').then((m) => m.MessagesPage),
  'messages',
);
const MessageThreadPage = page(
  () => import('../features/messages/thread-page.tsx').then((m) => m.ThreadPage),
  'messages',
);
const NewMessageThreadPage = page(
  () => import('../features/messages/new-thread-page.tsx').then((m) => m.NewThreadPage),
  'messages',
);
// The patient's prescriptions and the directory's pharmacies: composed in app/.
const BuyMedicinePage = page(
  () => import('./buy-medicine-route.tsx').then((m) => m.BuyMedicineRoute),
  ['medicines', 'directory'],
);
const PharmacyPage = page(
  () => import('../features/medicines/pharmacy-page.tsx').then((m) => m.PharmacyPage),
  'medicines',
);
const VerifyPage = page(
  () => import('../features/medicines/verify-page.tsx').then((m) => m.VerifyPage),
  'medicines',
);
const FindDoctorPage = page(
  () => import('../features/directory/find-doctor-page.tsx').then((m) => m.FindDoctorPage),
  'directory',
);
const DoctorPage = page(
  () => import('../features/directory/doctor-page.tsx').then((m) => m.DoctorPage),
  ['directory', 'auth'],
);
const FindHospitalPage = page(
  () => import('../features/directory/find-hospital-page.tsx').then((m) => m.FindHospitalPage),
  'directory',
);
const DirectoryBookingPage = page(
  () => import('./book-appointment-route.tsx').then((m) => m.DirectoryBookingRoute),
  'directory',
);
const OwnBookingPage = page(
  () => import('../features/appointments/book-appointment-page.tsx').then((m) => m.BookingPage),
  'appointments',
);
/**
 * The parameters that open a practitioner's own booking form rather than the directory's search:
 * `?patient=` (from a patient's details), `?date=` (from the agenda), `?for=patients`.
 */
const OWN_BOOKING_PARAMS = ['patient', 'date', 'for'];
/**
 * `/book-appointment`: the directory's search for everyone (booking asks a guest to sign in);
 * a signed-in person's own booking form when the address asks for it. The form's chunk is
 * preloaded only for a stored session.
 */
const BookAppointmentPage: Page = Object.assign(
  function BookAppointmentPage() {
    const isSignedIn = useAppSelector((state) => state.auth.status);
    const [params] = useSearchParams();
    const isOwnBooking = isSignedIn && OWN_BOOKING_PARAMS.some((name) => params.has(name));
    return isOwnBooking ? <OwnBookingPage /> : <DirectoryBookingPage />;
  },
  {
    preload: () =>
      Promise.all([
        DirectoryBookingPage.preload(),
        readPersistedSession()?.status && OwnBookingPage.preload(),
      ]),
  },
);
const SupportPage = page(
  () => import('../features/support/support-page.tsx').then((m) => m.SupportPage),
  'support',
);
const PrivacyPage = page(
  () => import('../features/legal/legal-page.tsx').then((m) => m.PrivacyPage),
  'legal',
);
const TermsPage = page(
  () => import('../features/legal/legal-page.tsx').then((m) => m.TermsPage),
  'legal',
);
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

/** The pages anyone may open, by path (the prerendered ones among them, see main.tsx). */
const PUBLIC_PAGES: Record<string, Page> = {
  '/': HomePage,
  '/login': LoginPage,
  '/logout': LogoutPage,
  '/premier': PremiumPage,
  '/payment-cancel': PaymentCancelPage,
  '/book-appointment': BookAppointmentPage,
  '/find-doctor': FindDoctorPage,
  '/find-hospital': FindHospitalPage,
  '/buy-medicine': BuyMedicinePage,
  '/support': SupportPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/protected': ProtectedPage,
  '/unauthorized': UnauthorizedPage,
  '/not-found': NotFoundPage,
};

/** Loads the page at `pathname` (if it is a public one) so that its first render is complete. */
export async function preloadPageAt(pathname: string): Promise<void> {
  await PUBLIC_PAGES[pathname]?.preload();
}

/**
 * Every route of the app. Declarative routes: the app needs no loaders or actions, and the data
 * router would add to every page's script (docs/decisions/0013-declarative-routes-lazy-store.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* A doctor's profile: public; booking a time sends a guest to sign in and back. */}
        <Route path="find-doctor/:id" element={<DoctorPage />} />
        {/* An invitation's address: a guest is sent to sign in and comes back to it. */}
        <Route path="join/:code" element={<JoinPage />} />
        {/* A facility's staff invitation, the same way. */}
        <Route path="join-facility/:code" element={<JoinFacilityPage />} />
        {/* A prescription's verification, from its QR code: public, no sign-in. */}
        <Route path="verify/:token" element={<VerifyPage />} />
        {/* Signed-in only: a guest is sent to /protected. */}
        <Route element={<RequireSession />}>
          <Route path="userProfile" element={<ProfilePage />} />
          <Route path="payment-success" element={<PaymentSuccessPage />} />
          <Route path="records" element={<PatientsPage />} />
          <Route path="records/patients/:id" element={<PatientChartPage />} />
          <Route path="records/patients/:id/patient-view" element={<PatientViewPage />} />
          <Route path="appointments" element={<AppointmentsPage />} />
          <Route path="video/:appointmentId" element={<VideoPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="premier/transactions" element={<TransactionsPage />} />
          <Route path="premier/transactions/:id" element={<ReceiptPage />} />
          <Route path="today" element={<TodayPage />} />
          <Route path="my-health" element={<MyHealthPage />} />
          <Route path="my-health/:patientId" element={<MyHealthPage />} />
          <Route path="directory/review" element={<DirectoryReviewPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="messages/new" element={<NewMessageThreadPage />} />
          <Route path="messages/:threadId" element={<MessageThreadPage />} />
          <Route path="pharmacy" element={<PharmacyPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* Pages made for paper: no header, menu, footer or voice button (print-layout.tsx). */}
      <Route element={<PrintLayout />}>
        <Route element={<RequireSession />}>
          <Route
            path="records/patients/:id/prescriptions/print"
            element={<PrescriptionPrintPage />}
          />
          <Route path="my-health/:patientId/medicines/print" element={<MedicinesPrintPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
