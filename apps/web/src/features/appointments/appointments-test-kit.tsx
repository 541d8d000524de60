import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import {
  APPOINTMENT_LIMITS,
  LIVE_APPOINTMENT_STATUSES,
  ZAppointmentInput,
  type TAppointment,
  type TAppointmentData,
} from '@portal/shared/appointment';
import { scheduleSettings } from '@portal/shared/appointment.factories';
import { patientInput } from '@portal/shared/patient.factories';
import type { TPatient } from '@portal/shared/patient';
import type { TScheduleSettings } from '@portal/shared/profile';
import { fromWallTime, minutesOfTime, toWallTime, weekdayOf } from '@portal/shared/zoned-time';
import { api } from '../../lib/api/api.ts';
import { authSlice } from '../../lib/session/auth-slice.ts';
import { storeToken } from '../../lib/session/stored-session.ts';
import { createTestUser } from '../../test/factories.ts';
import { etagOf } from './appointments-api.ts';

/**
 * An in-memory stand-in for the appointments API of issue 16 (and the two patient and profile
 * routes the screens read), installed as `fetch`: owner's patients with `?q=`, the profile's
 * schedule settings, free slots from the working hours, 409 APPOINTMENT_CONFLICT with the
 * clashing appointment, If-Match on PUT and cancel. Every request is recorded.
 */

export const PRACTITIONER = createTestUser();

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

let sequence = 0;
const nextId = (prefix: string) =>
  `${prefix}-0000-4000-8000-${(sequence += 1).toString(16).padStart(12, '0')}`;

export class FakeAppointmentsApi {
  schedule: TScheduleSettings = scheduleSettings({ timeZone: 'Europe/Berlin' });
  readonly patients: TPatient[] = [];
  readonly appointments: TAppointment[] = [];
  readonly requests: RecordedRequest[] = [];

  addPatient(overrides: Parameters<typeof patientInput>[0] = {}): TPatient {
    const now = '2026-01-01T00:00:00.000Z';
    const patient = {
      ...patientInput(overrides),
      _id: nextId('7c1e4a2b'),
      createdAt: now,
      updatedAt: now,
    } as TPatient;
    this.patients.push(patient);
    return patient;
  }

  /** Stores an appointment as the API would answer it. */
  addAppointment(input: Partial<TAppointmentData> & { patient: TPatient; start: string }) {
    const { patient, ...rest } = input;
    const data = ZAppointmentInput.parse({
      kind: 'in-person',
      duration: 30,
      ...rest,
      patientId: patient._id,
    });
    const appointment = this.toAppointment(nextId('a9b8c7d6'), data);
    this.appointments.push(appointment);
    return appointment;
  }

  private toAppointment(id: string, data: TAppointmentData, updatedAt?: string): TAppointment {
    const start = new Date(data.start);
    const { timeZone } = this.schedule;
    const wall = toWallTime(start, timeZone);
    return {
      ...data,
      _id: id,
      patientName: this.patients.find((p) => p._id === data.patientId)?.name ?? '',
      start: start.toISOString(),
      end: new Date(start.getTime() + data.duration * 60_000).toISOString(),
      localStart: `${wall.date}T${wall.time}`,
      timeZone,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt:
        updatedAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, 0, (sequence += 1))).toISOString(),
    };
  }

  /** One practitioner: any live appointment overlapping [start, end) clashes. */
  private clashWith(start: number, end: number, except?: string) {
    return this.appointments.find(
      (a) =>
        a._id !== except &&
        (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(a.status) &&
        Date.parse(a.start) < end &&
        start < Date.parse(a.end),
    );
  }

  private conflict(clash: TAppointment): Response {
    return json(
      {
        message: 'This time overlaps another live appointment of yours or of this patient.',
        code: 'APPOINTMENT_CONFLICT',
        conflict: {
          appointmentId: clash._id,
          start: clash.start,
          end: clash.end,
          localStart: clash.localStart,
          timeZone: clash.timeZone,
          patientId: clash.patientId,
          patientName: clash.patientName,
        },
      },
      409,
    );
  }

  private freeSlots(date: string, duration: number) {
    const hours = this.schedule.workingHours[weekdayOf(date)];
    const slots = [];
    if (hours) {
      const step = APPOINTMENT_LIMITS.slotStepMinutes;
      for (
        let m = minutesOfTime(hours.start);
        m + duration <= minutesOfTime(hours.end);
        m += step
      ) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const start = fromWallTime({ date, time }, this.schedule.timeZone);
        const end = start.getTime() + duration * 60_000;
        if (!this.clashWith(start.getTime(), end))
          slots.push({
            start: start.toISOString(),
            end: new Date(end).toISOString(),
            localTime: time,
          });
      }
    }
    return { date, timeZone: this.schedule.timeZone, duration, slots };
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    this.requests.push(recorded);
    return this.handle(recorded);
  };

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  private handle({ method, path, search, headers, body }: RecordedRequest): Response {
    const notFound = () => json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    if (method === 'GET' && path === '/api/user/profile')
      return json({ user: { ...PRACTITIONER, ...this.schedule } });
    if (method === 'GET' && path === '/api/records/patients') {
      const q = (search.get('q') ?? '').toLowerCase();
      const found = this.patients.filter((p) => p.name.toLowerCase().includes(q));
      return json(found.slice(0, Number(search.get('limit') ?? 50)));
    }
    const patient = /^\/api\/records\/patients\/([^/]+)$/.exec(path);
    if (method === 'GET' && patient) {
      const found = this.patients.find((p) => p._id === patient[1]);
      return found ? json(found) : notFound();
    }
    if (method === 'GET' && path === '/api/appointments/free-slots')
      return json(this.freeSlots(search.get('date')!, Number(search.get('duration'))));
    if (method === 'GET' && path === '/api/appointments') {
      const [from, to] = [Date.parse(search.get('from')!), Date.parse(search.get('to')!)];
      const patientId = search.get('patientId');
      const found = this.appointments
        .filter((a) => Date.parse(a.start) >= from && Date.parse(a.start) < to)
        .filter((a) => !patientId || a.patientId === patientId)
        .sort((a, b) => a.start.localeCompare(b.start));
      return json(found, 200, { 'X-Total-Count': String(found.length) });
    }
    if (method === 'POST' && path === '/api/appointments') {
      const parsed = ZAppointmentInput.safeParse(body);
      if (!parsed.success) return json({ message: 'Invalid', code: 'VALIDATION_FAILED' }, 400);
      const start = Date.parse(parsed.data.start);
      const clash = this.clashWith(start, start + parsed.data.duration * 60_000);
      if (clash) return this.conflict(clash);
      const appointment = this.toAppointment(nextId('a9b8c7d6'), parsed.data);
      this.appointments.push(appointment);
      return json(appointment, 201, { ETag: etagOf(appointment) });
    }
    const one = /^\/api\/appointments\/([^/]+)(\/cancel)?$/.exec(path);
    const index = one ? this.appointments.findIndex((a) => a._id === one[1]) : -1;
    const current = this.appointments[index];
    if (!one || !current) return notFound();
    if (headers.get('If-Match') !== etagOf(current))
      return json({ message: 'Changed', code: 'APPOINTMENT_CHANGED' }, 409);
    if (method === 'POST' && one[2]) {
      const cancelled = this.toAppointment(current._id, { ...current, status: 'cancelled' });
      this.appointments[index] = cancelled;
      return json(cancelled);
    }
    if (method === 'PUT') {
      const parsed = ZAppointmentInput.safeParse(body);
      if (!parsed.success) return json({ message: 'Invalid', code: 'VALIDATION_FAILED' }, 400);
      const start = Date.parse(parsed.data.start);
      const isLive = (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(parsed.data.status);
      const clash =
        isLive && this.clashWith(start, start + parsed.data.duration * 60_000, current._id);
      if (clash) return this.conflict(clash);
      const saved = this.toAppointment(current._id, parsed.data);
      this.appointments[index] = saved;
      return json(saved, 200, { ETag: etagOf(saved) });
    }
    return notFound();
  }
}

/** `fetch` and `Request` for jsdom: Node's Request refuses the relative `/api/…` URLs. */
export function installFakeAppointmentsApi(): FakeAppointmentsApi {
  const fake = new FakeAppointmentsApi();
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

/**
 * Renders `element` at `path` with a signed-in practitioner and the RTK Query api. The token is
 * stored as sign-in stores it, so requests carry it without asking an identity provider.
 */
export function renderAt(path: string, element: ReactElement) {
  storeToken('fake-id-token');
  const store = configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    preloadedState: { auth: { status: true, userData: PRACTITIONER } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}
