import { http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_NOTICE_PREFERENCES, ZNoticePreferences } from '@portal/shared/notice-preferences';
import { ZPracticeInput } from '@portal/shared/practice';
import { PROFILE_MESSAGES, ZProfileInput, ZScheduleInput } from '@portal/shared/profile';
import type { TPublicConfig } from '@portal/shared/public-config';
import type { TUser } from '@portal/shared/user';
import { WEB_KINDS } from '../kinds/registry.ts';
import { createPublicConfig, createTestUser } from './factories.ts';
import { appointmentsHandlers, FakeAppointments } from './fake-appointments.ts';
import { carePlanHandlers, FakeCarePlans } from './fake-care-plans.ts';
import { clinicalHandlers, FakeClinical } from './fake-clinical.ts';
import { FakeDirectoryAdmin } from './fake-directory-admin.ts';
import { directoryHandlers, FakeDirectory } from './fake-directory.ts';
import { FakeKinds, kindHandlers } from './fake-kinds.ts';
import { FakeMessages } from './fake-messages.ts';
import { FakeMyHealth, myHealthHandlers } from './fake-my-health.ts';
import { FakePatients, patientsHandlers } from './fake-patients.ts';
import { FakeTimeline, timelineHandlers } from './fake-timeline.ts';
import { FakeReminders, remindersHandlers } from './fake-reminders.ts';
import { FakeTransactions, transactionsHandlers } from './fake-transactions.ts';
import { FakeVisits, visitsHandlers } from './fake-visits.ts';
import { searchHandlers } from './fake-search.ts';
import { FakeVideo } from './fake-video.ts';
import { FakeVoice, voiceHandlers } from './fake-voice.ts';
import { json, recordedOf, type RecordedRequest } from './http.ts';

export { json, type RecordedRequest };

/**
 * The one fake of the API for component tests: `msw` handlers for the API's routes, answering
 * from in-memory state, plus a log of every request.
 * `setup.ts` starts the server; `startFakeApi()` installs a fresh state for one test.
 */

/** The private address `POST /api/calendar-feed` answers in the fake. */
export const CALENDAR_FEED_URL =
  'http://localhost:3000/api/calendar/Zx8f3kQ1r9TqvB2m7YwLs5nD0aHcJ4uE.ics';

type Respond = (request: RecordedRequest) => Response | undefined | Promise<Response | undefined>;

/** A route the fake does not know answers as the real API does. */
export const server = setupServer(
  http.all('/api/*', () =>
    json({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, { status: 404 }),
  ),
);

export interface FakeApiOptions {
  /** What `GET /api/config` answers, over the local defaults. */
  config?: Partial<TPublicConfig>;
  /** The signed-in user the profile routes serve and update. */
  user?: TUser;
}

export function startFakeApi({ config, user = createTestUser() }: FakeApiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const seen = new Set<string>();
  // First in every `server.use`: logs each request once, then lets the next handler answer.
  const recorder = http.all('*', async ({ request, requestId }) => {
    if (seen.has(requestId)) return;
    seen.add(requestId);
    requests.push(await recordedOf(request));
  });
  const patients = new FakePatients();
  const profile = { stored: user, saves: [] as unknown[] };
  let noticePreferences = DEFAULT_NOTICE_PREFERENCES;
  const appointments = new FakeAppointments({
    patientName: (id) => {
      const patient = patients.patients.get(id);
      return patient && !patient.deleted ? patient.name : undefined;
    },
    schedule: () => profile.stored,
  });
  const voice = new FakeVoice({ appointments });
  const video = new FakeVideo();

  const isLivePatient = (id: string) => {
    const patient = patients.patients.get(id);
    return patient !== undefined && !patient.deleted;
  };
  const visits = new FakeVisits({
    isPatient: isLivePatient,
    practitioner: () => profile.stored,
  });
  const clinical = new FakeClinical();
  const kinds = new FakeKinds(WEB_KINDS);
  const carePlans = new FakeCarePlans({
    isMember: () => profile.stored.premiumMember,
    patientName: (id) => patients.patients.get(id)?.name,
  });
  const timeline = new FakeTimeline({
    isPatient: isLivePatient,
    visits,
    clinical,
    kinds,
    appointments,
    carePlans,
  });
  const reminders = new FakeReminders();
  const directory = new FakeDirectory();
  const directoryAdmin = new FakeDirectoryAdmin();
  const myHealth = new FakeMyHealth();
  const messages = new FakeMessages();
  // A refund ends premium on the server, as the API's does.
  const transactions = new FakeTransactions(() => {
    profile.stored = { ...profile.stored, premiumMember: false };
  });

  const addHandlers = (...handlers: HttpHandler[]) => server.use(recorder, ...handlers);
  addHandlers(
    http.get('/api/config', () => json(createPublicConfig(config))),
    http.get('/api/user/profile', () => json({ user: profile.stored })),
    http.put('/api/user/update-profile', async ({ request }) => {
      const body: unknown = await request.json();
      profile.saves.push(body);
      const parsed = ZProfileInput.safeParse(body);
      if (!parsed.success)
        return json({ message: 'invalid', code: 'VALIDATION_FAILED' }, { status: 400 });
      if (parsed.data.email !== profile.stored.email)
        return json(
          {
            message: PROFILE_MESSAGES.emailReadOnly,
            code: 'EMAIL_READ_ONLY',
            fieldErrors: { email: PROFILE_MESSAGES.emailReadOnly },
          },
          { status: 400 },
        );
      const { email: _email, ...changes } = parsed.data;
      profile.stored = { ...profile.stored, ...changes, updatedAt: new Date().toISOString() };
      return json({ user: profile.stored });
    }),
    http.put('/api/user/practice', async ({ request }) => {
      const parsed = ZPracticeInput.safeParse(await request.json());
      if (!parsed.success)
        return json({ message: 'invalid', code: 'VALIDATION_FAILED' }, { status: 400 });
      profile.stored = {
        ...profile.stored,
        practice: parsed.data,
        updatedAt: new Date().toISOString(),
      };
      return json({ user: profile.stored });
    }),
    http.put('/api/user/schedule', async ({ request }) => {
      const parsed = ZScheduleInput.safeParse(await request.json());
      if (!parsed.success)
        return json({ message: 'invalid', code: 'VALIDATION_FAILED' }, { status: 400 });
      profile.stored = { ...profile.stored, ...parsed.data, updatedAt: new Date().toISOString() };
      return json({ user: profile.stored });
    }),
    http.get('/api/user/notice-preferences', () => json(noticePreferences)),
    http.put('/api/user/notice-preferences', async ({ request }) => {
      const parsed = ZNoticePreferences.safeParse(await request.json());
      if (!parsed.success)
        return json({ message: 'invalid', code: 'VALIDATION_FAILED' }, { status: 400 });
      noticePreferences = parsed.data;
      return json(noticePreferences);
    }),
    http.post('/api/calendar-feed', () => {
      profile.stored = { ...profile.stored, hasCalendarFeed: true };
      return json({ url: CALENDAR_FEED_URL });
    }),
    http.delete('/api/calendar-feed', () => {
      profile.stored = { ...profile.stored, hasCalendarFeed: false };
      return new Response(null, { status: 204 });
    }),
    // No paid checkout in the fake: the success page's confirmation is refused as the API does.
    http.put('/api/user/subscription', () =>
      json(
        {
          code: 'PAYMENT_REQUIRED',
          message:
            'No paid Premier checkout was found for this account. Premium was not activated.',
        },
        { status: 402 },
      ),
    ),
    ...patientsHandlers(patients),
    // Before the appointments', whose `/api/appointments/:id` routes would not match these.
    ...video.handlers(),
    ...appointmentsHandlers(appointments),
    ...visitsHandlers(visits),
    ...clinicalHandlers(clinical),
    ...kindHandlers(kinds),
    ...timelineHandlers(timeline),
    ...searchHandlers({
      user: () => profile.stored,
      patients: () => [...patients.patients.values()],
      visits: () => visits.visits,
      prescriptions: () => clinical.prescriptions,
    }),
    ...transactionsHandlers(transactions),
    ...carePlanHandlers(carePlans),
    ...voiceHandlers(voice, () => profile.stored.timeZone),
    ...remindersHandlers(reminders),
    // Before My health's, which answers every other `/api/me/…` route.
    ...directoryAdmin.handlers(),
    ...myHealthHandlers(myHealth),
    ...directoryHandlers(directory),
    ...messages.handlers(),
  );

  return {
    requests,
    patients,
    appointments,
    visits,
    /** Allergies and prescriptions (fake-clinical.ts). */
    clinical,
    /** The items of the patient-owned kinds without behaviour of their own (fake-kinds.ts). */
    kinds,
    /** The patient's timeline, read from the visits, clinical items and appointments above. */
    timeline,
    /** The Transaction History (fake-transactions.ts). */
    transactions,
    /** Care plans, marks and Today; members only (fake-care-plans.ts). */
    carePlans,
    voice,
    /** The video visits' join, event stream and signals (fake-video.ts). */
    video,
    /** The practitioner's reminders (fake-reminders.ts). */
    reminders,
    /** Invitations, links and what a linked person sees (fake-my-health.ts). */
    myHealth,
    /** The public directory's doctors, free times, facilities and bookings (fake-directory.ts). */
    directory,
    /** Secure messages, their files and the live stream (fake-messages.ts). */
    messages,
    /** The listing, facilities, staff and review queue (fake-directory-admin.ts). */
    directoryAdmin,
    /** The profile as the server holds it, and every body `PUT /api/user/update-profile` got. */
    profile: {
      stored: () => profile.stored,
      saves: profile.saves,
    },
    /** Which notices the user gets by e-mail, as the server holds them. */
    noticePreferences: () => noticePreferences,
    requestsTo(method: string, path: RegExp): RecordedRequest[] {
      return requests.filter((r) => r.method === method && path.test(r.path));
    },
    /** msw handlers that answer before the contract's until the test ends. */
    addHandlers,
    /** Answers the next matching request with `respond` (once); undefined lets the contract answer. */
    on(method: string, path: RegExp, respond: Respond): void {
      let isUsed = false;
      addHandlers(
        http.all('*', async ({ request }) => {
          if (isUsed || request.method !== method || !path.test(new URL(request.url).pathname))
            return;
          isUsed = true;
          return respond(await recordedOf(request));
        }),
      );
    },
    /** Holds matching requests until `release()`; lets a test see loading and busy states. */
    hold(method: string, path: RegExp): { release: () => void } {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      this.on(method, path, async () => {
        await gate;
        return undefined;
      });
      return { release };
    },
  };
}

export type FakeApi = ReturnType<typeof startFakeApi>;
