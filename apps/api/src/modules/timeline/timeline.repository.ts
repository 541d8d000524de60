import { sql, type SQL } from 'drizzle-orm';
import {
  TIMELINE_KINDS,
  TIMELINE_RECORD_KINDS,
  TIMELINE_TEXT_MAX,
  type TTimelineEntry,
  type TTimelineKind,
  type TTimelineRecordKind,
} from '@portal/shared/timeline';
import type { DbOrTx } from '../../db/client.ts';
import type { TimelineBranch } from '../../kinds/kind.ts';
import { API_KINDS } from '../../kinds/registry.ts';

/**
 * The patient's timeline: one UNION ALL over the tables that hold its entries (the computed
 * care-plan activities are merged in by timeline.care-plans.ts). Each branch
 * reads its own index newest first and stops at the page's end, so a page costs the same at
 * the first entry as at the thousandth (bench/timeline.ts). Every branch is scoped by owner
 * and patient: there is no function here without `ownerId`.
 */

/**
 * Position in the timeline, newest first: the entry's time (ISO, ms), its item's id, its kind.
 * The kind only breaks the tie of a prescription started and stopped in the same millisecond.
 */
export type TimelineKey = [at: string, itemId: string, kind: TTimelineKind];

export interface TimelineScope {
  ownerId: string;
  patientId: string;
}

/** How one kind of entry is read from its table (trusted SQL fragments, no input). */
interface Branch extends TimelineBranch {
  table: string;
}

/** Visits and appointments, then each patient-owned kind's entries from its declaration. */
const BRANCHES = {
  visit: {
    table: 'visits',
    at: 'occurred_at',
    summary: 'reason',
    detail: "''",
    state: "case when signed_at is null then 'draft' else 'signed' end",
  },
  appointment: {
    table: 'appointments',
    at: 'starts_at',
    summary: 'reason',
    detail: "''",
    state: 'status',
  },
  ...Object.fromEntries(
    API_KINDS.flatMap(({ table, timeline }) =>
      Object.entries(timeline).map(([kind, branch]) => [kind, { table, ...branch }]),
    ),
  ),
} as Record<TTimelineRecordKind, Branch>;

/** A line of a list, never a whole note: longer texts end in an ellipsis (code points, not bytes). */
const cut = (expression: string) =>
  `case when char_length(${expression}) > ${TIMELINE_TEXT_MAX} then left(${expression}, ${TIMELINE_TEXT_MAX - 1}) || '…' else ${expression} end`;

const rankOf = (kind: TTimelineKind) => TIMELINE_KINDS.indexOf(kind);

/**
 * Strictly after `after` in the order (at, item id, kind rank), all descending. Within one
 * branch the rank is a constant, so the condition is a plain row comparison the index serves:
 * `<=` when this branch's rank is below the cursor's (the same item and time still follow).
 */
function afterKey(kind: TTimelineRecordKind, { at }: Branch, after: TimelineKey | null): SQL {
  if (!after) return sql``;
  const operator = rankOf(kind) < rankOf(after[2]) ? sql.raw('<=') : sql.raw('<');
  return sql` and (${sql.raw(at)}, id) ${operator} (${after[0]}::timestamptz, ${after[1]}::uuid)`;
}

function branchQuery(
  kind: TTimelineRecordKind,
  { ownerId, patientId }: TimelineScope,
  after: TimelineKey | null,
  limit: number,
): SQL {
  const branch = BRANCHES[kind];
  const at = sql.raw(branch.at);
  return sql`(select ${kind}::text as kind, ${rankOf(kind)}::int as rank, ${at} as happened_at, id as item_id,
      ${sql.raw(cut(branch.summary))} as summary, ${sql.raw(cut(branch.detail))} as detail,
      ${sql.raw(branch.state)} as state
    from ${sql.raw(branch.table)}
    where owner_id = ${ownerId} and patient_id = ${patientId}${branch.only ? sql.raw(` and ${branch.only}`) : sql``}${afterKey(kind, branch, after)}
    order by ${at} desc, id desc
    limit ${limit})`;
}

/** The time as the API answers every instant: UTC, ISO 8601 with milliseconds. */
const ISO_UTC = sql.raw(`to_char(happened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The SQL of one page (exported for the benchmark's EXPLAIN). */
export function timelinePageQuery(
  scope: TimelineScope,
  { after, limit }: { after: TimelineKey | null; limit: number },
): SQL {
  const branches = TIMELINE_RECORD_KINDS.map((kind) => branchQuery(kind, scope, after, limit));
  return sql`select kind, ${ISO_UTC} as at, item_id, summary, detail, state from (${sql.join(branches, sql` union all `)}) entries
    order by happened_at desc, item_id desc, rank desc
    limit ${limit}`;
}

interface EntryRow extends Record<string, unknown> {
  kind: TTimelineKind;
  at: string;
  item_id: string;
  summary: string;
  detail: string;
  state: string;
}

/** One page of the patient's stored entries, newest first. */
export async function listTimeline(
  db: DbOrTx,
  scope: TimelineScope,
  page: { after: TimelineKey | null; limit: number },
): Promise<TTimelineEntry[]> {
  const { rows } = await db.execute<EntryRow>(timelinePageQuery(scope, page));
  return rows.map((row) => ({
    kind: row.kind,
    at: row.at,
    itemId: row.item_id,
    summary: row.summary,
    detail: row.detail,
    state: row.state,
  }));
}

/** How many stored entries the timeline has: one count per branch, each on the branch's index. */
export async function countTimeline(
  db: DbOrTx,
  { ownerId, patientId }: TimelineScope,
): Promise<number> {
  const counts = TIMELINE_RECORD_KINDS.map((kind) => {
    const { table, only } = BRANCHES[kind];
    return sql`(select count(*) from ${sql.raw(table)} where owner_id = ${ownerId} and patient_id = ${patientId}${only ? sql.raw(` and ${only}`) : sql``})`;
  });
  const { rows } = await db.execute<{ total: number }>(
    sql`select (${sql.join(counts, sql` + `)})::int as total`,
  );
  return rows[0]?.total ?? 0;
}
