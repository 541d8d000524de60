import {
  SEARCH_KINDS,
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

const FINDERS: Record<TSearchKind, Finder> = {
  async patients(db, args) {
    const rows = await searchPatients(db, args);
    return rows.map((row) => ({
      patientId: row.id,
      patientName: row.name,
      itemId: row.id,
      at: row.createdAt.toISOString(),
      title: row.name,
      status: null,
      snippet: snippetOf(
        [
          ['name', row.name],
          ['diagnosedWith', row.diagnosedWith],
          ['phone', row.phone],
          ['email', row.email ?? ''],
        ],
        args.fragment,
      ),
    }));
  },
  async visits(db, args) {
    const rows = await searchVisits(db, args);
    return rows.map((row) => ({
      patientId: row.patientId,
      patientName: row.patientName,
      itemId: row.id,
      at: row.occurredAt.toISOString(),
      title: row.reason,
      status: null,
      snippet: snippetOf(
        [
          ['reason', row.reason],
          ['subjective', row.subjective],
          ['objective', row.objective],
          ['assessment', row.assessment],
          ['plan', row.plan],
        ],
        args.fragment,
      ),
    }));
  },
  async prescriptions(db, args) {
    const rows = await searchPrescriptions(db, args);
    return rows.map((row) => ({
      patientId: row.patientId,
      patientName: row.patientName,
      itemId: row.id,
      at: row.createdAt.toISOString(),
      title: row.medication,
      status: row.status,
      snippet: snippetOf(
        [
          ['medication', row.medication],
          ['strength', row.strength],
          ['instructions', row.instructions],
          ['stopReason', row.stopReason],
        ],
        args.fragment,
      ),
    }));
  },
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
