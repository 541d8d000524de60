/** Anything with pg's `query`: a pool or a client. */
interface Queryable {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Columns reviewed as holding no personal data, as `table.column` (see log-hygiene-values.mjs). */
export declare const NON_PERSONAL_COLUMNS: ReadonlySet<string>;

/** The text and jsonb columns of the app's tables. */
export declare function textColumns(
  db: Queryable,
): Promise<{ table: string; column: string; isJson: boolean }[]>;

/** Every value stored in those columns, less the reviewed non-personal ones. */
export declare function storedSensitiveValues(db: Queryable): Promise<string[]>;
