import type { HttpHandler } from 'msw';
import { ZPatientInput, type TPatient, type TPatientInput } from '@portal/shared/patient';
import { patientInput } from '@portal/shared/patient.factories';
import type { AuditEvent } from '../features/patients/patients-api.ts';
import { etagOf } from '../lib/api/etag.ts';
import { invalid, json, routesTo, type RecordedRequest } from './http.ts';

/**
 * The patients API in memory, served by `patientsHandlers`:
 * arrays with `Link` / `X-Total-Count`, `?q=`, cursors, ETag + If-Match (409), a trash with
 * restore, duplicate warnings, and an audit trail.
 */

let sequence = 0;

export class FakePatients {
  readonly patients = new Map<string, TPatient & { deleted?: boolean }>();
  /** The trail as stored: names are looked up when it is listed, as the API does. */
  readonly audit: Omit<AuditEvent, 'patientName'>[] = [];
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
      selfRegistered: false,
      _id: `7c1e4a2b-0000-4000-8000-${hex}`,
      createdAt: now,
      updatedAt: now,
    };
    this.patients.set(patient._id, patient);
    return patient;
  }

  private log(action: string, patientId: string | null, outcome = 'success') {
    this.audit.unshift({
      id: this.audit.length + 1,
      action,
      outcome,
      patientId,
      createdAt: new Date(Date.UTC(2025, 4, 1, 12, 0, this.audit.length)).toISOString(),
    });
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
      if (!parsed.success) return invalid(parsed.error);
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
      return json(patient, { headers: { ETag: etagOf(patient) } });
    }
    if (method === 'PUT') {
      if (request.headers.get('If-Match') !== etagOf(patient)) {
        this.log('update', patient._id, 'conflict');
        return json(
          { message: 'The patient was changed meanwhile.', code: 'CONFLICT' },
          {
            status: 409,
          },
        );
      }
      const parsed = ZPatientInput.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error, 'Invalid');
      const updated = {
        ...parsed.data,
        _id: patient._id,
        selfRegistered: patient.selfRegistered,
        createdAt: patient.createdAt,
      };
      sequence += 1;
      const next = {
        ...updated,
        updatedAt: new Date(Date.UTC(2025, 1, 1, 0, 0, sequence)).toISOString(),
      };
      this.patients.set(patient._id, next);
      this.log('update', patient._id);
      return json(next, { headers: { ETag: etagOf(next) } });
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

/** The patients routes, each answered by `patients`. */
export function patientsHandlers(patients: FakePatients): HttpHandler[] {
  return routesTo(patients, [
    ['get', '/api/records/patients'],
    ['post', '/api/records/patients'],
    ['get', '/api/records/audit'],
    ['all', '/api/records/patients/:id'],
    ['post', '/api/records/patients/:id/restore'],
  ]);
}
