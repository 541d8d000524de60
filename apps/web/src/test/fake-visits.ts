import { http, type HttpHandler } from 'msw';
import {
  bmiOf,
  ZAddendumInput,
  ZVisitInput,
  ZVisitSharingInput,
  type TVisit,
  type TVisitInput,
} from '@portal/shared/visit';
import type { TUser } from '@portal/shared/user';
import { VITALS_SERIES_MAX } from '@portal/shared/vitals';
import { etagOf } from '../lib/api/etag.ts';
import { fakeSequence, json, recordedOf, refuse, routesTo, type RecordedRequest } from './http.ts';

/**
 * The visits API in memory, served by `visitsHandlers`: a patient's visits newest
 * first (`limit`, `X-Total-Count`), create with the shared schema, replace a draft and sign with
 * If-Match (412 VISIT_CHANGED, 409 VISIT_SIGNED), addenda on signed visits only (409
 * VISIT_NOT_SIGNED), the patient's sharing of any visit. The patients and the signed-in practitioner are the fake API's own. The
 * vitals series of the chart is read from the same visits.
 */

const { nextId, nextTime: nextUpdatedAt } = fakeSequence('b1c2d3e4', '2026-01-01T00:00:00.000Z');

export class FakeVisits {
  readonly visits: TVisit[] = [];

  constructor(
    private readonly context: {
      /** Whether the id is one of the practitioner's live patients. */
      isPatient: (id: string) => boolean;
      practitioner: () => Pick<TUser, '_id' | 'name'>;
    },
  ) {}

  /** Stores a visit as the API would answer it (the shared schema's defaults for the rest). */
  add(patientId: string, input: Partial<TVisitInput> & { signed?: boolean } = {}): TVisit {
    const { signed, ...fields } = input;
    const data = ZVisitInput.parse({ occurredAt: '2026-03-02T09:00:00.000Z', ...fields });
    const now = nextUpdatedAt();
    const me = this.context.practitioner();
    const visit: TVisit = {
      ...data,
      _id: nextId(),
      patientId,
      bmi: bmiOf(data),
      signedAt: signed ? now : null,
      signedBy: signed ? { id: me._id, name: me.name } : null,
      addenda: [],
      patientSharing: 'default',
      createdAt: now,
      updatedAt: now,
    };
    this.visits.push(visit);
    return visit;
  }

  private replace(visit: TVisit, changes: Partial<TVisit>): TVisit {
    const next = { ...visit, ...changes, updatedAt: nextUpdatedAt() };
    this.visits[this.visits.indexOf(visit)] = next;
    return next;
  }

  /**
   * `GET …/vitals`: the weight and blood pressure of the patient's measured visits, oldest
   * first, read from the same visits (the newest `VITALS_SERIES_MAX`, as the API).
   */
  vitals(path: string): Response {
    const patientId = decodeURIComponent(
      /^\/api\/records\/patients\/([^/]+)\/vitals$/.exec(path)?.[1] ?? '',
    );
    if (!this.context.isPatient(patientId)) return refuse('PATIENT_NOT_FOUND', 404);
    const measured = this.visits
      .filter((visit) => visit.patientId === patientId)
      .filter((visit) => [visit.weight, visit.systolic, visit.diastolic].some((v) => v !== null))
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
    return json({
      points: measured
        .slice(-VITALS_SERIES_MAX)
        .map(({ _id, occurredAt, systolic, diastolic, weight }) => ({
          visitId: _id,
          occurredAt,
          systolic,
          diastolic,
          weight,
        })),
      total: measured.length,
    });
  }

  handle({ method, path, search, headers, body }: RecordedRequest): Response {
    const match =
      /^\/api\/records\/patients\/([^/]+)\/visits(?:\/([^/]+)(?:\/(sign|addenda|sharing))?)?$/.exec(
        path,
      );
    const patientId = decodeURIComponent(match?.[1] ?? '');
    if (!match || !this.context.isPatient(patientId)) return refuse('PATIENT_NOT_FOUND', 404);
    const ofPatient = this.visits
      .filter((visit) => visit.patientId === patientId)
      .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt));
    if (!match[2]) {
      if (method === 'GET') {
        const limit = Number(search.get('limit') ?? 20);
        return json(ofPatient.slice(0, limit), {
          headers: { 'X-Total-Count': String(ofPatient.length) },
        });
      }
      const parsed = ZVisitInput.safeParse(body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', 400);
      const visit = this.add(patientId, parsed.data);
      return json(visit, { status: 201, headers: { ETag: etagOf(visit) } });
    }
    const visit = ofPatient.find((one) => one._id === match[2]);
    if (!visit) return refuse('VISIT_NOT_FOUND', 404);
    if (match[3] === 'sign') {
      if (visit.signedAt) return refuse('VISIT_SIGNED', 409);
      const ifMatch = headers.get('If-Match');
      if (ifMatch !== null && ifMatch !== etagOf(visit)) return refuse('VISIT_CHANGED', 412);
      const me = this.context.practitioner();
      const signed = this.replace(visit, {
        signedAt: nextUpdatedAt(),
        signedBy: { id: me._id, name: me.name },
      });
      return json(signed, { headers: { ETag: etagOf(signed) } });
    }
    if (match[3] === 'addenda') {
      const parsed = ZAddendumInput.safeParse(body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', 400);
      if (!visit.signedAt) return refuse('VISIT_NOT_SIGNED', 409);
      const me = this.context.practitioner();
      const addendum = {
        _id: nextId(),
        text: parsed.data.text,
        authorId: me._id,
        authorName: me.name,
        createdAt: nextUpdatedAt(),
      };
      const amended = this.replace(visit, { addenda: [...visit.addenda, addendum] });
      return json(amended, { status: 201, headers: { ETag: etagOf(amended) } });
    }
    if (match[3] === 'sharing') {
      const parsed = ZVisitSharingInput.safeParse(body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', 400);
      const shared = this.replace(visit, { patientSharing: parsed.data.sharing });
      return json(shared, { headers: { ETag: etagOf(shared) } });
    }
    if (method === 'PUT') {
      if (visit.signedAt) return refuse('VISIT_SIGNED', 409);
      const ifMatch = headers.get('If-Match');
      if (ifMatch !== null && ifMatch !== etagOf(visit)) return refuse('VISIT_CHANGED', 412);
      const parsed = ZVisitInput.safeParse(body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', 400);
      const updated = this.replace(visit, { ...parsed.data, bmi: bmiOf(parsed.data) });
      return json(updated, { headers: { ETag: etagOf(updated) } });
    }
    return json(visit, { headers: { ETag: etagOf(visit) } });
  }
}

/** The visits routes, each answered by `visits`. */
export function visitsHandlers(visits: FakeVisits): HttpHandler[] {
  return [
    ...routesTo(visits, [
      ['get', '/api/records/patients/:id/visits'],
      ['post', '/api/records/patients/:id/visits'],
      ['get', '/api/records/patients/:id/visits/:visitId'],
      ['put', '/api/records/patients/:id/visits/:visitId'],
      ['post', '/api/records/patients/:id/visits/:visitId/sign'],
      ['post', '/api/records/patients/:id/visits/:visitId/addenda'],
      ['put', '/api/records/patients/:id/visits/:visitId/sharing'],
    ]),
    http.get('/api/records/patients/:id/vitals', async ({ request }) =>
      visits.vitals((await recordedOf(request)).path),
    ),
  ];
}
