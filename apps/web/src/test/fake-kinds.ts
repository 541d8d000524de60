import { http, type HttpHandler } from 'msw';
import { itemErrorCodes } from '@portal/shared/patient-kind';
import type { TTimelineEntry } from '@portal/shared/timeline';
import type { StoredItem, WebKind } from '../kinds/web-kind.ts';
import { fakeSequence, invalid, json, refuse } from './http.ts';

/**
 * The items of every patient-owned kind that has no behaviour of its own, in memory, served as
 * the API serves them (the kind's `fake` in kinds/registry.ts): the list (the `status` filter,
 * newest created first, `X-Total-Count`), create and replace validated by the shared schema (400
 * with `fieldErrors`), read, and If-Match (404 `…_NOT_FOUND`, 409 `…_CHANGED`).
 */

const { newRecord, nextTime } = fakeSequence('d4e5f6a7', '2026-03-01T00:00:00.000Z');

type Served = WebKind & { fake: NonNullable<WebKind['fake']> };

export class FakeKinds {
  private readonly stored = new Map<string, StoredItem[]>();
  readonly kinds: readonly Served[];

  constructor(kinds: readonly WebKind[]) {
    this.kinds = kinds.filter((kind): kind is Served => kind.fake !== undefined);
    for (const { shared } of this.kinds) this.stored.set(shared.segment, []);
  }

  /** The stored items of the kind at `segment`. */
  itemsOf(segment: string): StoredItem[] {
    const items = this.stored.get(segment);
    if (!items) throw new Error(`No fake kind at ${segment}`);
    return items;
  }

  /** Stores one of the patient's items: the kind's sample input, with `input` over it. */
  add(segment: string, patientId: string, input: Record<string, unknown> = {}): StoredItem {
    const { fake } = this.kinds.find(({ shared }) => shared.segment === segment)!;
    const parsed = fake.schema.safeParse({ ...fake.sample, ...input });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const item = { ...parsed.data, ...newRecord(patientId) };
    this.itemsOf(segment).push(item);
    return item;
  }

  /** The patient's timeline entries of every kind here. */
  timelineEntriesOf(patientId: string): TTimelineEntry[] {
    return this.kinds.flatMap(({ shared, fake }) =>
      this.itemsOf(shared.segment)
        .filter((item) => item.patientId === patientId)
        .flatMap((item) =>
          (shared.timeline?.entries ?? []).map(
            (kind) => ({ kind, itemId: item._id, ...fake.timelineEntry(item) }) as TTimelineEntry,
          ),
        ),
    );
  }
}

export function kindHandlers(fakeKinds: FakeKinds): HttpHandler[] {
  return fakeKinds.kinds.flatMap(({ shared, fake }) => {
    const list = `/api/records/patients/:id/${shared.segment}`;
    const items = fakeKinds.itemsOf(shared.segment);
    const { missing, changed } = itemErrorCodes(shared.errorPrefix);
    const find = (params: object) => {
      const { id, itemId } = params as { id: string; itemId: string };
      return items.find((item) => item._id === itemId && item.patientId === id);
    };
    return [
      http.get(list, ({ request, params }) => {
        const status = new URL(request.url).searchParams.get('status');
        const found = items
          .filter((item) => item.patientId === params.id && (!status || item.status === status))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return json(found, { headers: { 'x-total-count': String(found.length) } });
      }),
      http.post(list, async ({ request, params }) => {
        const parsed = fake.schema.safeParse(await request.json());
        if (!parsed.success) return invalid(parsed.error);
        const item = { ...parsed.data, ...newRecord(params.id as string) };
        items.push(item);
        return json(item, { status: 201, headers: { etag: `"${item.updatedAt}"` } });
      }),
      http.get(`${list}/:itemId`, ({ params }) => {
        const item = find(params);
        return item
          ? json(item, { headers: { etag: `"${item.updatedAt}"` } })
          : refuse(missing, 404);
      }),
      http.put(`${list}/:itemId`, async ({ request, params }) => {
        const item = find(params);
        if (!item) return refuse(missing, 404);
        const ifMatch = request.headers.get('if-match');
        if (ifMatch !== null && ifMatch !== `"${item.updatedAt}"`) return refuse(changed, 409);
        const parsed = fake.schema.safeParse(await request.json());
        if (!parsed.success) return invalid(parsed.error);
        Object.assign(item, parsed.data, { updatedAt: nextTime() });
        return json(item, { headers: { etag: `"${item.updatedAt}"` } });
      }),
    ];
  });
}
