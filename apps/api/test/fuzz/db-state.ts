import type pg from 'pg';
import { snapshotCorrections, type CorrectionInPool } from './corrections.ts';
import { KIND_TABLES, snapshotKinds, type KindPools } from './kinds.ts';
import { snapshotVisits, type VisitInPool } from './visits.ts';

/**
 * The rows of the tables a request can change, as a fingerprint per primary key, so a batch of
 * requests can be checked with two queries per table instead of one snapshot per request.
 * `audit_events` is append-only by design (refused attempts are audited): it is checked for
 * growth only, never for a change to an existing row.
 */
const FIXED_TABLES = [
  'users',
  'patients',
  'checkout_sessions',
  'payments',
  'webhook_events',
  'appointments',
  'visits',
  'visit_addenda',
  'patient_corrections',
] as const;
export const TRACKED_TABLES: readonly string[] = [...FIXED_TABLES, ...KIND_TABLES];
/** A tracked table's name: one of the above, or a registered kind's table. */
export type TrackedTable = string;
/** A value per tracked table: the fixed ones by name, and every registered kind's. */
export type ByTable<T> = Record<(typeof FIXED_TABLES)[number], T> & Record<TrackedTable, T>;

export interface DbState {
  rows: ByTable<Map<string, string>>;
  patients: Array<{ id: string; ownerId: string; isDeleted: boolean; updatedAt: string }>;
  sessions: Array<{ id: string; userId: string; status: string }>;
  payments: Array<{ id: string; checkoutSessionId: string }>;
  appointments: Array<{
    id: string;
    ownerId: string;
    patientId: string;
    updatedAt: string;
    status: string;
  }>;
  visits: VisitInPool[];
  /** Correction requests (corrections.ts). */
  corrections: CorrectionInPool[];
  /** Every registered kind's items (kinds.ts), for the pools and the privacy check. */
  kinds: KindPools;
  /** User ids by identity (`local:<sub>`), to trace a change made with any token. */
  userIdsByUid: Map<string, string>;
  audit: { count: number; maxId: number; hash: string };
}

export interface RowChange {
  table: TrackedTable;
  key: string;
  kind: 'added' | 'removed' | 'changed';
}

async function auditFingerprint(pool: pg.Pool, upToId: number | null) {
  const { rows } = await pool.query<{ count: number; max_id: string; hash: string }>(
    `select count(*)::int as count, coalesce(max(id), 0)::text as max_id,
            md5(coalesce(string_agg(a::text, '|' order by id), '')) as hash
       from audit_events a where $1::bigint is null or id <= $1::bigint`,
    [upToId],
  );
  const [row] = rows;
  return { count: row!.count, maxId: Number(row!.max_id), hash: row!.hash };
}

export async function snapshotState(pool: pg.Pool): Promise<DbState> {
  const fingerprints = async (table: TrackedTable) => {
    const { rows } = await pool.query<{ key: string; hash: string }>(
      `select id::text as key, md5(t::text) as hash from ${table} t`,
    );
    return new Map(rows.map((row) => [row.key, row.hash]));
  };
  const [
    users,
    patientRows,
    sessionRows,
    paymentRows,
    webhookEvents,
    appointmentRows,
    visitRows,
    addendumRows,
    correctionRows,
    patients,
    sessions,
    payments,
    audit,
  ] = await Promise.all([
    fingerprints('users'),
    fingerprints('patients'),
    fingerprints('checkout_sessions'),
    fingerprints('payments'),
    fingerprints('webhook_events'),
    fingerprints('appointments'),
    fingerprints('visits'),
    fingerprints('visit_addenda'),
    fingerprints('patient_corrections'),
    pool.query<{ id: string; owner_id: string; deleted: boolean; updated_at: Date }>(
      `select id, owner_id, deleted_at is not null as deleted, updated_at
           from patients order by created_at, id`,
    ),
    pool.query<{ id: string; user_id: string; status: string }>(
      'select id, user_id, status from checkout_sessions order by created_at, id',
    ),
    pool.query<{ id: string; checkout_session_id: string }>(
      'select id, checkout_session_id from payments',
    ),
    auditFingerprint(pool, null),
  ]);
  const appointments = await pool.query<{
    id: string;
    owner_id: string;
    patient_id: string;
    updated_at: Date;
    status: string;
  }>(
    'select id, owner_id, patient_id, updated_at, status from appointments order by starts_at, id',
  );
  const visits = await snapshotVisits(pool);
  const corrections = await snapshotCorrections(pool);
  const [kindRows, kinds] = await Promise.all([
    Promise.all(KIND_TABLES.map(async (table) => [table, await fingerprints(table)] as const)),
    snapshotKinds(pool),
  ]);
  const userIds = await pool.query<{ id: string; uid: string }>('select id, uid from users');
  return {
    rows: {
      users,
      patients: patientRows,
      checkout_sessions: sessionRows,
      payments: paymentRows,
      webhook_events: webhookEvents,
      appointments: appointmentRows,
      visits: visitRows,
      visit_addenda: addendumRows,
      patient_corrections: correctionRows,
      ...Object.fromEntries(kindRows),
    },
    kinds,
    patients: patients.rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      isDeleted: row.deleted,
      updatedAt: row.updated_at.toISOString(),
    })),
    sessions: sessions.rows.map((row) => ({ id: row.id, userId: row.user_id, status: row.status })),
    payments: payments.rows.map((row) => ({
      id: row.id,
      checkoutSessionId: row.checkout_session_id,
    })),
    appointments: appointments.rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      patientId: row.patient_id,
      updatedAt: row.updated_at.toISOString(),
      status: row.status,
    })),
    visits,
    corrections,
    userIdsByUid: new Map(userIds.rows.map((row) => [row.uid, row.id])),
    audit,
  };
}

/** Row-level differences between two snapshots of the tracked tables. */
export function diffStates(before: DbState, after: DbState): RowChange[] {
  const changes: RowChange[] = [];
  for (const table of TRACKED_TABLES) {
    const old = before.rows[table];
    const now = after.rows[table];
    for (const [key, hash] of now) {
      if (!old.has(key)) changes.push({ table, key, kind: 'added' });
      else if (old.get(key) !== hash) changes.push({ table, key, kind: 'changed' });
    }
    for (const key of old.keys()) if (!now.has(key)) changes.push({ table, key, kind: 'removed' });
  }
  return changes;
}

/** Problems with the audit trail between two snapshots: a row changed or removed. */
export async function checkAuditOnlyGrew(pool: pg.Pool, before: DbState): Promise<string[]> {
  const now = await auditFingerprint(pool, before.audit.maxId);
  const problems: string[] = [];
  if (now.count !== before.audit.count)
    problems.push(`audit_events: ${before.audit.count - now.count} earlier rows disappeared`);
  else if (now.hash !== before.audit.hash)
    problems.push('audit_events: an earlier row was changed');
  return problems;
}
