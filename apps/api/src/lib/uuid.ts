/** Any RFC 4122 UUID, either case: ids are checked before they reach a `uuid` column. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * An id (from a path or a body) as stored and audited: lower case, since ids are compared in
 * lower case; null when it cannot be an id.
 */
export const storedId = (id: string | undefined): string | null =>
  id !== undefined && isUuid(id) ? id.toLowerCase() : null;
