// What the log-hygiene check looks for: every value an app stored in a text or jsonb column of
// its tables (the app's own schema, read from information_schema), less the columns below.
// Derived from the database rather than listed by hand, so a new table or column is covered
// the day it is migrated. Used by apps/api/test/app.ts and e2e/support/server.ts, which write
// the values to `.test-results/*-sensitive.jsonl` for scripts/check-log-hygiene.mjs.

/**
 * Columns that hold no personal data and whose values the API logs as a matter of course
 * (ids, enums, provider references), as `table.column`. Reviewed entry by entry: adding one
 * says that no value of that column can identify a person or describe their health.
 */
export const NON_PERSONAL_COLUMNS = new Set([
  // Request and call ids: on every log line of the request.
  'audit_events.request_id',
  'audit_events.voice_call_id',
  'voice_call_requests.request_id',
  'voice_call_requests.call_id',
  'voice_calls.call_id',
  'voice_calls.agent_id',
  'voice_signatures.replay_key',
  // Fixed vocabularies without a check constraint of their own (statuses, kinds, actions); a
  // column whose check lists its values is left out by `vocabularyColumns` below.
  'audit_events.action',
  'audit_events.outcome',
  'audit_events.subject_kind',
  'audit_events.related_kind',
  'care_plan_marks.mark',
  'reminders.source',
  'voice_calls.language',
  // Settings: a language-neutral weekly schedule and a time zone name.
  'users.working_hours',
  'users.time_zone',
  // Payment provider references and amounts' currency; the card's brand (its last four digits
  // stay in the list).
  'checkout_sessions.id',
  'checkout_sessions.provider',
  'checkout_sessions.currency',
  'checkout_sessions.status',
  'checkout_sessions.payment_intent_id',
  'checkout_sessions.card_brand',
  'payments.checkout_session_id',
  'payments.currency',
  'webhook_events.id',
  'webhook_events.type',
  'parked_charge_events.event_id',
  'parked_charge_events.payment_intent_id',
  'parked_charge_events.event',
  // Cluster bookkeeping.
  'periodic_jobs.name',
  'periodic_jobs.last_started_by',
  'local_identity_keys.id',
]);

/** Row ids and dates inside jsonb documents (a care plan's goals): they identify no one. */
const NOT_A_VALUE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?)$/i;

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * The text and jsonb columns of the tables in the connection's current schema (the app's;
 * drizzle's and pg-boss's bookkeeping live in schemas of their own), as `table.column` with
 * whether the column is jsonb.
 */
export async function textColumns(db) {
  const { rows } = await db.query(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema()
       and data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
     order by table_name, ordinal_position`,
  );
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    isJson: row.data_type === 'jsonb' || row.data_type === 'json',
  }));
}

/**
 * The columns whose check constraint lists every value they may hold (`severity in ('mild', …)`,
 * nullable or not), as `table.column`: fixed vocabularies such as statuses and kinds, which
 * describe no one. Read from the constraints, so a new table's enums need no entry anywhere.
 */
export async function vocabularyColumns(db) {
  const { rows } = await db.query(
    `select c.conrelid::regclass::text as table_name, a.attname as column_name
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'c'
       and cardinality(c.conkey) = 1
       and c.connamespace = current_schema()::regnamespace
       and pg_get_constraintdef(c.oid) ~ '= ANY \\(+ARRAY\\['`,
  );
  return new Set(rows.map((row) => `${row.table_name}.${row.column_name}`));
}

/**
 * Every distinct value stored in those columns, less `NON_PERSONAL_COLUMNS` and the
 * `vocabularyColumns`: the column's text,
 * or each string inside a json document. `db` is anything with pg's `query` (a pool, a client).
 */
export async function storedSensitiveValues(db) {
  const vocabularies = await vocabularyColumns(db);
  const columns = (await textColumns(db)).filter(
    ({ table, column }) =>
      !NON_PERSONAL_COLUMNS.has(`${table}.${column}`) && !vocabularies.has(`${table}.${column}`),
  );
  if (columns.length === 0) return [];
  const selects = columns.map(({ table, column, isJson }) =>
    isJson
      ? `select leaf #>> '{}' as value from ${quoted(table)},
           jsonb_path_query(${quoted(column)}::jsonb, 'strict $.**') as leaf
         where jsonb_typeof(leaf) = 'string'`
      : `select ${quoted(column)}::text as value from ${quoted(table)}`,
  );
  const { rows } = await db.query(selects.join('\nunion\n'));
  return rows
    .map((row) => row.value)
    .filter((value) => typeof value === 'string' && value !== '' && !NOT_A_VALUE.test(value));
}
