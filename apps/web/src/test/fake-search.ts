import { http, type HttpHandler } from 'msw';
import type { TPatient } from '@portal/shared/patient';
import type { TPrescription } from '@portal/shared/prescription';
import {
  SEARCH_KINDS,
  ZSearchQuery,
  type TSearchField,
  type TSearchGroup,
  type TSearchHit,
} from '@portal/shared/search';
import type { TUser } from '@portal/shared/user';
import type { TVisit } from '@portal/shared/visit';
import { json } from './http.ts';

/**
 * `GET /api/premier/search` over the fake's own patients, visits and prescriptions: members
 * only (402 `PREMIUM_REQUIRED` otherwise, as the premium gate answers), the query checked by the
 * shared schema (400 with its message), groups newest first with `hasMore`, and each snippet the
 * whole field cut into plain and matched segments (the API also trims long fields).
 */
export interface SearchSources {
  user: () => TUser;
  patients: () => (TPatient & { deleted?: boolean })[];
  visits: () => TVisit[];
  prescriptions: () => TPrescription[];
}

function segmentsOf(text: string, needle: string) {
  const segments: { text: string; isMatch: boolean }[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(needle); found !== -1; found = lower.indexOf(needle, at)) {
    if (found > at) segments.push({ text: text.slice(at, found), isMatch: false });
    segments.push({ text: text.slice(found, found + needle.length), isMatch: true });
    at = found + needle.length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), isMatch: false });
  return segments;
}

/** A hit when one of `fields` contains the query. */
function hitOf(
  base: Omit<TSearchHit, 'snippet'>,
  fields: [TSearchField, string][],
  needle: string,
): TSearchHit | undefined {
  const found = fields.find(([, text]) => text.toLowerCase().includes(needle));
  return found && { ...base, snippet: { field: found[0], segments: segmentsOf(found[1], needle) } };
}

export function searchHandlers(sources: SearchSources): HttpHandler[] {
  return [
    http.get('/api/premier/search', ({ request }) => {
      if (!sources.user().premiumMember)
        return json(
          { code: 'PREMIUM_REQUIRED', message: 'This feature is for Premier members.' },
          { status: 402 },
        );
      const params = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = ZSearchQuery.safeParse(params);
      if (!parsed.success) {
        const message = parsed.error.issues[0]!.message;
        return json(
          { message, code: 'VALIDATION_FAILED', fieldErrors: { q: message } },
          { status: 400 },
        );
      }
      const { q, kind, limit } = parsed.data;
      const needle = q.toLowerCase();
      const live = sources.patients().filter((patient) => !patient.deleted);
      const nameOf = (id: string) => live.find((patient) => patient._id === id)?.name;
      /** A visit's or a prescription's hit: only under a live patient, named by them. */
      const itemHit = (
        item: { _id: string; patientId: string },
        hit: Pick<TSearchHit, 'at' | 'title' | 'status'>,
        fields: [TSearchField, string][],
      ) => {
        const patientName = nameOf(item.patientId);
        return patientName === undefined
          ? undefined
          : hitOf(
              { patientId: item.patientId, patientName, itemId: item._id, ...hit },
              fields,
              needle,
            );
      };
      const find: Record<TSearchGroup['kind'], () => (TSearchHit | undefined)[]> = {
        patients: () =>
          live.map((p) =>
            hitOf(
              {
                patientId: p._id,
                patientName: p.name,
                itemId: p._id,
                at: p.createdAt,
                title: p.name,
                status: null,
              },
              [
                ['name', p.name],
                ['diagnosedWith', p.diagnosedWith],
                ['phone', p.phone],
                ['email', p.email ?? ''],
              ],
              needle,
            ),
          ),
        visits: () =>
          sources.visits().map((v) =>
            itemHit(v, { at: v.occurredAt, title: v.reason, status: null }, [
              ['reason', v.reason],
              ['subjective', v.subjective],
              ['objective', v.objective],
              ['assessment', v.assessment],
              ['plan', v.plan],
            ]),
          ),
        prescriptions: () =>
          sources.prescriptions().map((p) =>
            itemHit(p, { at: p.createdAt, title: p.medication, status: p.status }, [
              ['medication', p.medication],
              ['strength', p.strength],
              ['instructions', p.instructions],
              ['stopReason', p.stopReason],
            ]),
          ),
      };
      const groups = (kind ? [kind] : SEARCH_KINDS).map((each) => {
        const hits = find[each]()
          .filter((hit) => hit !== undefined)
          .sort((a, b) => b.at.localeCompare(a.at));
        return { kind: each, items: hits.slice(0, limit), hasMore: hits.length > limit };
      });
      return json({ groups });
    }),
  ];
}
