/**
 * An error as it may be logged. Database errors carry patient fields: drizzle puts the query's
 * parameters in its message, PostgreSQL quotes the offending value in its own ('invalid input
 * syntax for type uuid: "…"') and in `detail`. Cutting those parts out line by line failed as soon
 * as a value held a line break, a quote or something that looks like a stack frame, so the shape
 * is chosen instead: for a database error only the fields that name things (SQLSTATE, table,
 * column, constraint, the SQL text with its placeholders) are kept, never a message; for any
 * error the stack frames are taken after the header, never from its text.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & Record<string, unknown>;
  const described: Record<string, unknown> = { type: error.constructor.name };
  if (isDatabaseError(fields)) {
    for (const name of DATABASE_FIELDS) {
      if (fields[name] !== undefined) described[name] = fields[name];
    }
    // drizzle's query text: placeholders ($1, $2) only, the values are in `params`.
    if (typeof fields.query === 'string') described.query = fields.query;
  } else {
    described.message = withoutQuotedText(error.message);
  }
  const frames = stackFrames(error);
  if (frames) described.stack = frames;
  if (error.cause !== undefined && depth < 3)
    described.cause = loggableError(error.cause, depth + 1);
  return described;
}

/** Fields of a PostgreSQL error that name things; `detail`, `hint`, `where` can quote values. */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'position',
] as const;

/** node-postgres' DatabaseError (severity + routine) or drizzle's query error (query + params). */
function isDatabaseError(fields: Record<string, unknown>): boolean {
  return (
    (typeof fields.severity === 'string' && typeof fields.routine === 'string') ||
    (typeof fields.query === 'string' && 'params' in fields)
  );
}

/** Double-quoted text anywhere in a message (Node quotes inputs so), line breaks included. */
function withoutQuotedText(message: string): string {
  return message.replace(/"[^"]*"/g, '"[redacted]"');
}

/**
 * V8 writes `${name}: ${message}` and then the frames. Only what follows that exact header is
 * kept; if the header cannot be recognised (message changed after the stack was read), no frames.
 */
function stackFrames(error: Error): string | undefined {
  const { stack } = error;
  if (typeof stack !== 'string') return undefined;
  const header = String(error);
  if (!stack.startsWith(`${header}\n`)) return undefined;
  return stack.slice(header.length + 1);
}
