import {
  SEARCH_KINDS,
  type TSearchField,
  type TSearchGroup,
  type TSearchHit,
  type TSearchKind,
  type TSearchResults,
} from '@portal/shared/search';
import type { Db } from '../../db/client.ts';
import { insertAuditEvents } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/owned-records.ts';
import {
  searchPatients,
  searchPrescriptions,
  searchVisits,
  type SearchArgs,
} from './search.repository.ts';
import { snippetOf } from './search.snippets.ts';

/** One kind's query and how its rows become hits. */
type Finder = (db: Db, args: SearchArgs) => Promise<TSearchHit[]>;

/**
 * A kind's finder: its query; the row's fields a snippet is cut from, in the order they are
 * tried; and what the hit says of the row besides the snippet.
 */
function finder<Row extends { [Field in TSearchField]?: string | null }>(
  search: (db: Db, args: SearchArgs) => Promise<Row[]>,
  fields: readonly (keyof Row & TSearchField)[],
  describe: (row: Row) => Omit<TSearchHit, 'snippet'>,
): Finder {
  return async (db, args) => {
    const rows = await search(db, args);
    return rows.map((row) => ({
      ...describe(row),
      snippet: snippetOf(
        fields.map((field): [TSearchField, string] => [field, row[field] ?? '']),
        args.fragment,
      ),
    }));
  };
}

/** A visit's or a prescription's patient, joined in by the query. */
const ofPatient = (row: { id: string; patientId: string; patientName: string }) => ({
  patientId: row.patientId,
  patientName: row.patientName,
  itemId: row.id,
});

const FINDERS: Record<TSearchKind, Finder> = {
  patients: finder(searchPatients, ['name', 'diagnosedWith', 'phone', 'email'], (row) => ({
    patientId: row.id,
    patientName: row.name,
    itemId: row.id,
    at: row.createdAt.toISOString(),
    title: row.name,
    status: null,
  })),
  visits: finder(
    searchVisits,
    ['reason', 'subjective', 'objective', 'assessment', 'plan'],
    (row) => ({
      ...ofPatient(row),
      at: row.occurredAt.toISOString(),
      title: row.reason,
      status: null,
    }),
  ),
  prescriptions: finder(
    searchPrescriptions,
    ['medication', 'strength', 'instructions', 'stopReason'],
    (row) => ({
      ...ofPatient(row),
      at: row.createdAt.toISOString(),
      title: row.medication,
      status: row.status,
    }),
  ),
};

export function createSearchService({ db }: { db: Db }) {
  return {
    /**
     * The actor's own patients, visits and prescriptions containing `query`, newest first, at
     * most `limit` per group (one more is read to tell whether there are more). A search is a
     * read of clinical data, so it is audited: one `search` event with how many results were
     * shown. Never the query itself: what a practitioner types is often a patient's name or a
     * diagnosis, and the trail must not hold patient fields.
     */
    async search({
      actor,
      query,
      kind,
      limit,
    }: {
      actor: Actor;
      query: string;
      kind?: TSearchKind;
      limit: number;
    }): Promise<TSearchResults> {
      const kinds = kind ? [kind] : SEARCH_KINDS;
      const args = { ownerId: actor.actorId, fragment: query, limit: limit + 1 };
      const groups = await Promise.all(
        kinds.map(async (each): Promise<TSearchGroup> => {
          const hits = await FINDERS[each](db, args);
          return { kind: each, items: hits.slice(0, limit), hasMore: hits.length > limit };
        }),
      );
      const resultCount = groups.reduce((sum, group) => sum + group.items.length, 0);
      await insertAuditEvents(db, [
        {
          actorId: actor.actorId,
          patientId: null,
          action: 'search',
          outcome: 'success',
          requestId: actor.requestId,
          resultCount,
        },
      ]);
      return { groups };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
