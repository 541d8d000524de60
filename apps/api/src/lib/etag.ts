import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Optimistic concurrency for records with an `updatedAt` of millisecond precision (patients,
 * appointments): the ETag is the quoted `updatedAt`, so a client holding the JSON can build
 * `If-Match` without asking again.
 */
/** `2026-03-02T08:00:00.000Z`: an instant as the API answers it. */
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant as the API answers it (`ISO_MS`) that is a real date: a version, a cursor's key. */
export const isApiInstant = (value: unknown): value is string =>
  typeof value === 'string' && ISO_MS.test(value) && !Number.isNaN(Date.parse(value));

export function etagOf(record: { updatedAt: string }): string {
  return `"${record.updatedAt}"`;
}

/**
 * The versions an `If-Match` header accepts: null for none or `*` (any current version),
 * otherwise the `updatedAt` of each listed tag. A tag that is not ours matches nothing.
 */
export function parseIfMatch(header: string | undefined): Date[] | null {
  if (header === undefined || header.trim() === '*') return null;
  const versions: Date[] = [];
  for (const part of header.split(',')) {
    const tag = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(part)?.[1];
    if (isApiInstant(tag)) versions.push(new Date(tag));
  }
  return versions;
}

/**
 * A row's next version, for the `set` of every change: `updatedAt` moves forward by at least
 * 1 ms (two changes within one millisecond still get two ETags).
 */
export const nextVersion = (updatedAt: AnyPgColumn): SQL =>
  sql`greatest(date_trunc('milliseconds', now()), ${updatedAt} + interval '1 millisecond')`;

/** A change of one of the owner's rows: its new values, and the versions If-Match accepts. */
export interface VersionedChange<Values> {
  ownerId: string;
  id: string;
  values: Values;
  /** From `parseIfMatch`: null for any version. */
  versions: Date[] | null;
}

/** With `versions` (from If-Match), only a row that is one of them; null: any version. */
export const isOneOfVersions = (updatedAt: AnyPgColumn, versions: Date[] | null) =>
  versions === null ? undefined : inArray(updatedAt, versions);
