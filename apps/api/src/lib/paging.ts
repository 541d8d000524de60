import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZPageQuery } from '@portal/shared/patient';
import { AppError } from './app-error.ts';
import { isApiInstant } from './etag.ts';
import { isUuid } from './uuid.ts';

/** A page of a keyset-paged list: the rows, the cursor of the next page (if any), the total. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/**
 * What a list request asks of its page, as the shared `?limit=&cursor=` query parses it: at most
 * `limit` rows, after `cursor` (none: the first).
 */
export type PageRequest = z.output<typeof ZPageQuery>;

/** Opaque cursor: the sort key of the last row, base64url JSON. Not a secret, just not a contract. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * A page from rows read one past `limit` (the extra row only tells that there is a next page):
 * the first `limit` as `toItem` answers them, and the next page's cursor from the last one's key.
 */
export function pageOf<Row, Item>(
  rows: Row[],
  {
    limit,
    total,
    toItem,
    keyOf,
  }: {
    limit: number;
    total: number;
    toItem: (row: Row) => Item;
    keyOf: (row: Row) => readonly (string | number)[];
  },
): Page<Item> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toItem(row)),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
    total,
  };
}

/**
 * One page of a keyset-paged list: `rows(limit + 1)` (the row past the page only tells whether
 * there is a next one) and `total()` read at once, answered as `pageOf` does.
 */
export async function readPage<Row, Item>({
  limit,
  rows,
  total,
  toItem,
  keyOf,
}: {
  limit: number;
  rows: (limit: number) => Promise<Row[]>;
  total: () => Promise<number>;
  toItem: (row: Row) => Item;
  keyOf: (row: Row) => readonly (string | number)[];
}): Promise<Page<Item>> {
  const [read, counted] = await Promise.all([rows(limit + 1), total()]);
  return pageOf(read, { limit, total: counted, toItem, keyOf });
}

/** The sort key inside a cursor, checked by `isValid`; anything else is a 400 INVALID_CURSOR. */
function decodeCursor<T extends unknown[]>(
  cursor: string,
  isValid: (key: unknown[]) => key is T,
): T {
  let key: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
  if (!Array.isArray(key) || !isValid(key)) throw new AppError('INVALID_CURSOR');
  return key;
}

/** A keyset position of an instant (ISO, ms) then an id: most lists' key (`instantIdKeyAfter`). */
const isInstantIdKey = (key: unknown[]): key is [instant: string, id: string] =>
  key.length === 2 && isApiInstant(key[0]) && typeof key[1] === 'string' && isUuid(key[1]);

/**
 * Where a list continues: after the cursor's key (checked by `isValid`, as `decodeCursor` does),
 * or from the start (null) when the request has no cursor.
 */
export function keyAfter<T extends unknown[]>(
  cursor: string | undefined,
  isValid: (key: unknown[]) => key is T,
): T | null {
  return cursor ? decodeCursor(cursor, isValid) : null;
}

/** `keyAfter` for the lists keyed by an instant then an id. */
export const instantIdKeyAfter = (cursor: string | undefined) => keyAfter(cursor, isInstantIdKey);

/**
 * Strictly past a keyset position (an instant, then an id) in a list's order: `'<'` newest
 * first, `'>'` oldest first; no condition for the first page. A row comparison, so an index on
 * (…, instant, id) serves it as one range.
 */
export function pastKey(
  at: AnyPgColumn,
  id: AnyPgColumn,
  key: readonly [instant: string, id: string] | null,
  order: '<' | '>',
): SQL | undefined {
  return key
    ? sql`(${at}, ${id}) ${sql.raw(order)} (${key[0]}::timestamptz, ${key[1]}::uuid)`
    : undefined;
}

/**
 * A list route's answer: the page's rows as the body, `X-Total-Count` always, and
 * `Link: <…>; rel="next"` when there is a next page: the same path and query with the next
 * cursor, so a client just follows it.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  void reply.header('x-total-count', String(page.total));
  if (page.nextCursor !== null) {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.set('cursor', page.nextCursor);
    void reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}

/**
 * Every row of a keyset-paged query, `size` at a time: `fetchAfter` answers the rows after a
 * key (null: from the start), `keyOf` gives a row's key. Lazy: nothing is read until iterated.
 */
export async function* inBatches<Row, Key>({
  size,
  fetchAfter,
  keyOf,
}: {
  size: number;
  fetchAfter: (after: Key | null, limit: number) => Promise<Row[]>;
  keyOf: (row: Row) => Key;
}): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetchAfter(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}
