import type { HttpHandler } from 'msw';
import { TIMELINE_KINDS, type TTimelineEntry } from '@portal/shared/timeline';
import type { FakeAppointments } from './fake-appointments.ts';
import type { FakeCarePlans } from './fake-care-plans.ts';
import type { FakeClinical } from './fake-clinical.ts';
import type { FakeKinds } from './fake-kinds.ts';
import type { FakeVisits } from './fake-visits.ts';
import { json, routesTo, type RecordedRequest } from './http.ts';

/**
 * `GET /api/records/patients/{id}/timeline`, read from the fake's own visits,
 * prescriptions, allergies and appointments, as the API reads its tables, and (for a member) the
 * care-plan activities due or overdue, in UTC (the fake's clock): newest first by
 * (time, item id, kind), keyset-paged by an opaque cursor (`Link: <…>; rel="next"`,
 * `X-Total-Count`); 404 `PATIENT_NOT_FOUND`, 400 `INVALID_CURSOR`.
 */

const rankOf = (entry: TTimelineEntry) => TIMELINE_KINDS.indexOf(entry.kind);
const keyOf = (entry: TTimelineEntry) => [entry.at, entry.itemId, rankOf(entry)] as const;
const entryOf = (fields: TTimelineEntry) => fields;

/** Newest first: the API's `order by at desc, item_id desc, rank desc`. */
function compare(a: TTimelineEntry, b: TTimelineEntry): number {
  const [x, y] = [keyOf(a), keyOf(b)];
  return y[0].localeCompare(x[0]) || y[1].localeCompare(x[1]) || y[2] - x[2];
}

const encode = (entry: TTimelineEntry) =>
  btoa(JSON.stringify([entry.at, entry.itemId, entry.kind]));

export class FakeTimeline {
  constructor(
    private readonly sources: {
      /** Whether the id is one of the practitioner's live patients. */
      isPatient: (id: string) => boolean;
      visits: FakeVisits;
      clinical: FakeClinical;
      /** The other patient-owned kinds, each entry as its web declaration makes it. */
      kinds: FakeKinds;
      appointments: FakeAppointments;
      carePlans: FakeCarePlans;
    },
  ) {}

  /** A member's due and overdue occurrences of the patient's active plans, 90 days back. */
  private carePlanEntriesOf(patientId: string): TTimelineEntry[] {
    const { carePlans } = this.sources;
    if (!carePlans.isMember()) return [];
    return carePlans.dueOccurrences(patientId).map((o) =>
      entryOf({
        kind: 'care-plan-activity',
        at: `${o.date}T00:00:00.000Z`,
        itemId: o.activityId,
        summary: o.activityTitle,
        detail: o.carePlanTitle,
        state: o.state as 'due' | 'overdue',
        carePlanId: o.carePlanId,
        dueOn: o.date,
      }),
    );
  }

  /** The patient's entries, newest first. */
  entriesOf(patientId: string): TTimelineEntry[] {
    const { visits, clinical, appointments } = this.sources;
    const mine = <T extends { patientId: string }>(items: T[]) =>
      items.filter((item) => item.patientId === patientId);
    const medication = (p: { medication: string; strength: string }) =>
      `${p.medication} ${p.strength}`.trim();
    return [
      ...mine(visits.visits).map((v) =>
        entryOf({
          kind: 'visit',
          at: v.occurredAt,
          itemId: v._id,
          summary: v.reason,
          detail: '',
          state: v.signedAt ? 'signed' : 'draft',
        }),
      ),
      ...mine(clinical.prescriptions).flatMap((p) => [
        entryOf({
          kind: 'prescription-started',
          at: p.createdAt,
          itemId: p._id,
          summary: medication(p),
          detail: '',
          state: p.status,
        }),
        ...(p.stoppedAt
          ? [
              entryOf({
                kind: 'prescription-stopped',
                at: p.stoppedAt,
                itemId: p._id,
                summary: medication(p),
                detail: p.stopReason,
                state: p.status,
              }),
            ]
          : []),
      ]),
      ...mine(clinical.allergies).map((a) =>
        entryOf({
          kind: 'allergy',
          at: a.createdAt,
          itemId: a._id,
          summary: a.substance,
          detail: a.reaction,
          state: a.severity,
        }),
      ),
      ...mine(appointments.appointments).map((a) =>
        entryOf({
          kind: 'appointment',
          at: a.start,
          itemId: a._id,
          summary: a.reason,
          detail: '',
          state: a.status,
        }),
      ),
      ...this.sources.kinds.timelineEntriesOf(patientId),
      ...this.carePlanEntriesOf(patientId),
    ].sort(compare);
  }

  handle({ path, search }: RecordedRequest): Response {
    const patientId = decodeURIComponent(/^\/api\/records\/patients\/([^/]+)\//.exec(path)![1]!);
    if (!this.sources.isPatient(patientId))
      return json({ message: 'PATIENT_NOT_FOUND', code: 'PATIENT_NOT_FOUND' }, { status: 404 });
    const all = this.entriesOf(patientId);
    const limit = Number(search.get('limit') ?? 50);
    const cursor = search.get('cursor');
    const start = cursor === null ? 0 : all.findIndex((entry) => encode(entry) === cursor) + 1;
    if (start === 0 && cursor !== null)
      return json(
        { message: 'This page link is no longer valid.', code: 'INVALID_CURSOR' },
        { status: 400 },
      );
    const page = all.slice(start, start + limit);
    const headers: Record<string, string> = { 'X-Total-Count': String(all.length) };
    if (start + limit < all.length) {
      const next = new URLSearchParams({ limit: String(limit), cursor: encode(page.at(-1)!) });
      headers.Link = `<${path}?${next.toString()}>; rel="next"`;
    }
    return json(page, { headers });
  }
}

export function timelineHandlers(timeline: FakeTimeline): HttpHandler[] {
  return routesTo(timeline, [['get', '/api/records/patients/:id/timeline']]);
}
