import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { ZPatientInput, type TPatient, type TPatientInput } from '@portal/shared/patient';
import { patientInput } from '@portal/shared/patient.factories';
import { api } from '../../lib/api/api.ts';
import { authSlice } from '../../lib/session/auth-slice.ts';
import type { TUser } from '@portal/shared/user';
import type { AuditEvent } from './records-api.ts';
import { RecordsPage } from './records-page.tsx';

/**
 * An in-memory stand-in for the records API of ARCHITECTURE.md ("API contract"), installed as
 * `fetch`: arrays with `Link` / `X-Total-Count`, `?q=`, cursors, ETag + If-Match (409), a
 * trash with restore, duplicate warnings, and an audit trail. Tests can hold or fail a route.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Override = (request: RecordedRequest) => Response | Promise<Response> | undefined;

export { patientInput };

let sequence = 0;

function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return new Response(body === undefined ? null : JSON.stringify(body), { ...init, headers });
}

function fieldErrorsOf(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
  return fieldErrors;
}

export class FakeRecordsApi {
  readonly patients = new Map<string, TPatient & { deleted?: boolean }>();
  /** The trail as stored: names are looked up when it is listed, as the API does. */
  readonly audit: Omit<AuditEvent, 'patientName'>[] = [];
  readonly requests: RecordedRequest[] = [];
  private overrides: { method: string; path: RegExp; respond: Override }[] = [];

  seed(count: number, make: (index: number) => Partial<TPatientInput> = () => ({})): TPatient[] {
    return Array.from({ length: count }, (_, index) => this.insert(patientInput(make(index))));
  }

  insert(input: TPatientInput): TPatient {
    sequence += 1;
    const now = new Date(Date.UTC(2025, 0, 1, 9, 0, sequence)).toISOString();
    const hex = sequence.toString(16).padStart(12, '0');
    const parsed = ZPatientInput.parse(input);
    const patient: TPatient = {
      ...parsed,
      _id: `7c1e4a2b-0000-4000-8000-${hex}`,
      createdAt: now,
      updatedAt: now,
    };
    this.patients.set(patient._id, patient);
    return patient;
  }

  /** Answer the next matching request with `respond` instead (once). */
  on(method: string, path: RegExp, respond: Override): void {
    this.overrides.push({ method, path, respond });
  }

  /** Hold matching requests until `release()`; lets a test see loading and busy states. */
  hold(method: string, path: RegExp): { release: () => void } {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.on(method, path, async (request) => {
      await gate;
      return this.handle(request);
    });
    return { release };
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
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
    const index = this.overrides.findIndex(
      (o) => o.method === recorded.method && o.path.test(recorded.path),
    );
    if (index >= 0) {
      const [override] = this.overrides.splice(index, 1);
      const response = await override!.respond(recorded);
      if (response) return response;
    }
    return this.handle(recorded);
  };

  private log(action: string, patientId: string | null, outcome = 'success') {
    this.audit.unshift({
      id: this.audit.length + 1,
      action,
      outcome,
      patientId,
      createdAt: new Date(Date.UTC(2025, 4, 1, 12, 0, this.audit.length)).toISOString(),
    });
  }

  private etag(patient: TPatient) {
    return `"${patient.updatedAt}"`;
  }

  handle(request: RecordedRequest): Response {
    const { method, path, search } = request;
    const live = [...this.patients.values()].filter((p) => !p.deleted);
    const one = /^\/api\/records\/patients\/([^/]+)(\/restore)?$/.exec(path);

    if (method === 'GET' && path === '/api/records/patients') {
      const q = (search.get('q') ?? '').toLowerCase();
      const limit = Number(search.get('limit') ?? 50);
      const offset = Number(search.get('cursor') ?? 0);
      const matches = live
        .filter((p) =>
          [p.name, p.diagnosedWith, p.phone, p.email ?? ''].some((v) =>
            v.toLowerCase().includes(q),
          ),
        )
        .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
      const page = matches.slice(offset, offset + limit);
      const headers: Record<string, string> = { 'X-Total-Count': String(matches.length) };
      if (offset + limit < matches.length) {
        const next = new URLSearchParams(search);
        next.set('cursor', String(offset + limit));
        headers.Link = `</api/records/patients?${next.toString()}>; rel="next"`;
      }
      return json(page, { headers });
    }
    if (method === 'POST' && path === '/api/records/patients') {
      const parsed = ZPatientInput.safeParse(request.body);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return json(
          { message: Object.values(fieldErrors)[0], code: 'VALIDATION_FAILED', fieldErrors },
          { status: 400 },
        );
      }
      const isDuplicate = live.some(
        (p) => p.name === parsed.data.name && p.phone === parsed.data.phone,
      );
      const patient = this.insert(request.body as TPatientInput);
      this.log('create', patient._id);
      return json(
        {
          ...patient,
          ...(isDuplicate && {
            warnings: [
              { code: 'POSSIBLE_DUPLICATE', message: 'A patient with this name and phone exists.' },
            ],
          }),
        },
        { status: 201 },
      );
    }
    if (method === 'GET' && path === '/api/records/audit') {
      const offset = Number(search.get('cursor') ?? 0);
      const limit = Number(search.get('limit') ?? 50);
      const headers: Record<string, string> = { 'X-Total-Count': String(this.audit.length) };
      if (offset + limit < this.audit.length) {
        headers.Link = `</api/records/audit?limit=${limit}&cursor=${offset + limit}>; rel="next"`;
      }
      const events: AuditEvent[] = this.audit.slice(offset, offset + limit).map((event) => ({
        ...event,
        patientName: (event.patientId && this.patients.get(event.patientId)?.name) ?? null,
      }));
      return json(events, { headers });
    }
    const patient = one && this.patients.get(decodeURIComponent(one[1]!));
    const notFound = () =>
      json(
        { message: 'The requested resource could not be found.', code: 'NOT_FOUND' },
        {
          status: 404,
        },
      );
    if (one?.[2] && method === 'POST') {
      if (!patient?.deleted) return notFound();
      patient.deleted = false;
      this.log('restore', patient._id);
      return json(patient);
    }
    if (!patient || patient.deleted) return notFound();
    if (method === 'GET') {
      this.log('read', patient._id);
      return json(patient, { headers: { ETag: this.etag(patient) } });
    }
    if (method === 'PUT') {
      if (request.headers.get('If-Match') !== this.etag(patient)) {
        this.log('update', patient._id, 'conflict');
        return json(
          { message: 'The patient was changed meanwhile.', code: 'CONFLICT' },
          {
            status: 409,
          },
        );
      }
      const parsed = ZPatientInput.safeParse(request.body);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return json(
          { message: 'Invalid', code: 'VALIDATION_FAILED', fieldErrors },
          {
            status: 400,
          },
        );
      }
      const updated = { ...parsed.data, _id: patient._id, createdAt: patient.createdAt };
      sequence += 1;
      const next = {
        ...updated,
        updatedAt: new Date(Date.UTC(2025, 1, 1, 0, 0, sequence)).toISOString(),
      };
      this.patients.set(patient._id, next);
      this.log('update', patient._id);
      return json(next, { headers: { ETag: this.etag(next) } });
    }
    if (method === 'DELETE') {
      patient.deleted = true;
      this.log('delete', patient._id);
      return new Response(null, { status: 204 });
    }
    return notFound();
  }

  /** Someone else (another tab) changes the patient: the next If-Match with the old ETag fails. */
  touch(id: string): void {
    const patient = this.patients.get(id)!;
    sequence += 1;
    this.patients.set(id, {
      ...patient,
      updatedAt: new Date(Date.UTC(2025, 2, 1, 0, 0, sequence)).toISOString(),
    });
  }
}

/** Replaces a field's text in one input event: much faster than typing key by key. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

/** `fetch` and `Request` for jsdom: Node's Request refuses the relative `/api/…` URLs. */
export function installFakeApi(): FakeRecordsApi {
  const fake = new FakeRecordsApi();
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

export const TEST_USER: TUser = {
  _id: '5d0c0a11-0000-4000-8000-000000000001',
  name: 'Dr. Test',
  email: 'dr.test@example.com',
  picture: null,
  age: null,
  gender: null,
  address: null,
  phone: null,
  premiumMember: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** Renders `ui` with a signed-in session and the RTK Query api. */
export function renderWithStore(ui: ReactElement) {
  const store = configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    preloadedState: { auth: { status: true, userData: TEST_USER } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return { store, ...render(<Provider store={store}>{ui}</Provider>) };
}

export function renderRecordsPage() {
  return renderWithStore(<RecordsPage />);
}
