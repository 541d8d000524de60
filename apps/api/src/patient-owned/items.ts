import type { TAuditAction } from '@portal/shared/audit';
import type { Db, DbOrTx } from '../db/client.ts';
import { etagOf, parseIfMatch } from '../lib/etag.ts';
import { instantIdKeyAfter, readPage, type Page, type PageRequest } from '../lib/paging.ts';
import { isUuid } from '../lib/uuid.ts';
import {
  type Actor,
  type ClinicalAuditEntry,
  type ClinicalKind,
  type ClinicalRefusals,
} from './refusals.ts';
import {
  isOwnLivePatient,
  type ClinicalStore,
  type ClinicalValues,
  type ClinicalTable,
  type ItemKey,
} from './items.repository.ts';

/**
 * What a change does once the patient and the item are known to be the actor's: refuse (a
 * business rule, audited by `refuse` itself), or write and name any further audit events.
 */
export type ChangePlan<Row> =
  | { refuse: () => Promise<never> }
  | {
      write: (tx: DbOrTx) => Promise<Row | undefined>;
      events?: (row: Row) => ClinicalAuditEntry[];
    };

/**
 * A rule every create and update of the kind must pass once the patient (and the item) are
 * known (a warning of one kind about another's items): refuse, or name the write's further audit events.
 */
export type WriteGuard<Row, Input> = (step: {
  tx: DbOrTx;
  actor: Actor;
  action: 'create' | 'update';
  scope: { ownerId: string; patientId: string };
  input: Input;
  /** The stored item an update replaces; undefined for a create. */
  current: Row | undefined;
}) => Promise<
  | { refuse: () => Promise<never> }
  | {
      events: (id: string) => ClinicalAuditEntry[];
      /** Columns the kind writes itself on a create, beside the input's (a signed token). */
      values?: Record<string, unknown>;
    }
>;

const noEvents: { events: () => ClinicalAuditEntry[]; values?: Record<string, unknown> } = {
  events: () => [],
};

/** A change of one item of one patient: with `ifMatch`, only of that version. */
export interface ItemChange<Input> {
  actor: Actor;
  patientId: string;
  id: string;
  input: Input;
  ifMatch?: string;
}

interface ApiItem {
  _id: string;
  patientId: string;
  updatedAt: string;
}

/**
 * The rules every patient-owned kind shares, for one kind: the patient must be one of the
 * actor's live patients and the item that patient's (else 404), every read and change is
 * audited, and a stale `If-Match` is a 409 with the current ETag.
 */
export function createItemService<Table extends ClinicalTable, Api extends ApiItem, Input>({
  db,
  kind,
  store,
  refusals,
  toApi,
  toStored,
  guard,
}: {
  db: Db;
  kind: ClinicalKind;
  store: ClinicalStore<Table>;
  refusals: ClinicalRefusals;
  toApi: (row: Table['$inferSelect']) => Api;
  /** The validated input as stored. */
  toStored: (input: Input) => ClinicalValues<Table>;
  guard?: WriteGuard<Table['$inferSelect'], Input>;
}) {
  type Row = Table['$inferSelect'];
  const { audit, denyPatient, denyItem, refuseStale } = refusals;
  const key = (actor: Actor, patientId: string) => ({
    ownerId: actor.actorId,
    patientId: patientId.toLowerCase(),
  });

  /** Checks the patient (and the item), asks the plan, writes and audits in one transaction. */
  async function change({
    actor,
    action,
    patientId,
    id,
    ifMatch,
    plan,
  }: {
    actor: Actor;
    action: TAuditAction;
    patientId: string;
    id?: string;
    ifMatch?: string;
    plan: (step: {
      tx: DbOrTx;
      scope: { ownerId: string; patientId: string };
      current: Row | undefined;
      /** For the write: the version read, so a change made meanwhile makes it match nothing. */
      versions: Date[] | null;
    }) => Promise<ChangePlan<Row>>;
  }): Promise<Api> {
    if (!isUuid(patientId)) return denyPatient(actor, action, patientId);
    if (id !== undefined && !isUuid(id)) return denyItem(actor, { kind, action, patientId, id });
    const scope = key(actor, patientId);
    const versions = parseIfMatch(ifMatch);
    const outcome = await db.transaction(async (tx) => {
      if (!(await isOwnLivePatient(tx, scope))) return { kind: 'patient' as const };
      const current =
        id === undefined ? undefined : await store.find(tx, { ...scope, id: id.toLowerCase() });
      if (id !== undefined && !current) return { kind: 'missing' as const };
      const isStale =
        current &&
        versions !== null &&
        !versions.some((v) => v.getTime() === current.updatedAt.getTime());
      if (isStale) return { kind: 'stale' as const, current };
      const decided = await plan({
        tx,
        scope,
        current,
        versions: current ? [current.updatedAt] : null,
      });
      if ('refuse' in decided) return { kind: 'refused' as const, refuse: decided.refuse };
      const row = await decided.write(tx);
      // Changed between the read and the write: the version check in the update said no.
      if (!row) return { kind: 'stale' as const, current: current! };
      await audit(
        tx,
        actor,
        { action, outcome: 'success', patientId: row.patientId, subject: { kind, id: row.id } },
        ...(decided.events?.(row) ?? []),
      );
      return { kind: 'done' as const, row };
    });
    switch (outcome.kind) {
      case 'done':
        return toApi(outcome.row);
      case 'patient':
        return denyPatient(actor, action, patientId);
      case 'missing':
        return denyItem(actor, { kind, action, patientId, id: id! });
      case 'refused':
        return outcome.refuse();
      case 'stale': {
        // Re-read: the version that won the race is the one to offer.
        const latest =
          (await store.find(db, { ...scope, id: outcome.current.id })) ?? outcome.current;
        return refuseStale(actor, { kind, action, current: latest, etag: etagOf(toApi(latest)) });
      }
    }
  }

  /** A create (no `current`) or a replacement of `current`, once the guard lets it through. */
  function writeInput(actor: Actor, action: 'create' | 'update', input: Input) {
    return async ({
      tx,
      scope,
      current,
      versions,
    }: Parameters<Parameters<typeof change>[0]['plan']>[0]): Promise<ChangePlan<Row>> => {
      const check = guard ? await guard({ tx, actor, action, scope, input, current }) : noEvents;
      if ('refuse' in check) return check;
      const values = { ...toStored(input), ...(current ? {} : check.values) };
      return {
        write: (writer) =>
          current
            ? store.update(writer, { ...scope, id: current.id, values, versions })
            : store.insert(writer, { ...scope, values }),
        events: (row) => check.events(row.id),
      };
    };
  }

  return {
    change,

    createItem({ actor, patientId, input }: { actor: Actor; patientId: string; input: Input }) {
      return change({
        actor,
        action: 'create',
        patientId,
        plan: writeInput(actor, 'create', input),
      });
    },

    /** Replaces an item; with `ifMatch`, only that version of it. */
    updateItem({ actor, patientId, id, input, ifMatch }: ItemChange<Input>) {
      return change({
        actor,
        action: 'update',
        patientId,
        id,
        ifMatch,
        plan: writeInput(actor, 'update', input),
      });
    },

    /** A body refused by validation: ids as given (lower-cased when they are ids), no body. */
    recordInvalidAttempt: (
      attempt: Omit<Parameters<ClinicalRefusals['recordInvalidAttempt']>[0], 'kind'>,
    ) => refusals.recordInvalidAttempt({ ...attempt, kind }),

    async findItems({
      actor,
      patientId,
      status,
      limit,
      cursor,
    }: {
      actor: Actor;
      patientId: string;
      status?: string;
    } & PageRequest): Promise<Page<Api>> {
      if (!isUuid(patientId)) return denyPatient(actor, 'list', patientId);
      const after: ItemKey | null = instantIdKeyAfter(cursor);
      const scope = key(actor, patientId);
      if (!(await isOwnLivePatient(db, scope))) return denyPatient(actor, 'list', patientId);
      const page = await readPage({
        limit,
        rows: (oneMore) => store.list(db, { ...scope, status, after, limit: oneMore }),
        total: () => store.count(db, { ...scope, status }),
        toItem: toApi,
        keyOf: (row) => [row.createdAt.toISOString(), row.id],
      });
      await audit(db, actor, { action: 'list', outcome: 'success', patientId: scope.patientId });
      return page;
    },

    async getItem({ actor, patientId, id }: { actor: Actor; patientId: string; id: string }) {
      if (!isUuid(patientId)) return denyPatient(actor, 'read', patientId);
      if (!isUuid(id)) return denyItem(actor, { kind, action: 'read', patientId, id });
      const scope = key(actor, patientId);
      if (!(await isOwnLivePatient(db, scope))) return denyPatient(actor, 'read', patientId);
      const row = await store.find(db, { ...scope, id: id.toLowerCase() });
      if (!row) return denyItem(actor, { kind, action: 'read', patientId, id });
      await audit(db, actor, {
        action: 'read',
        outcome: 'success',
        patientId: row.patientId,
        subject: { kind, id: row.id },
      });
      return toApi(row);
    },
  };
}
