/** An item's ETag, as the API makes it: its quoted `updatedAt`. A change sends it as If-Match. */
export const etagOf = (item: { updatedAt: string }) => `"${item.updatedAt}"`;

/**
 * Saving one of a patient's items: a new one is a POST to its list, a change a PUT to the item
 * with its ETag as If-Match, so a change made from a stale copy is refused, not written over.
 */
export function saveRequest(
  listUrl: string,
  item: { _id: string; updatedAt: string } | undefined,
  body: unknown,
) {
  return item
    ? {
        url: `${listUrl}/${encodeURIComponent(item._id)}`,
        method: 'PUT',
        body,
        headers: { 'If-Match': etagOf(item) },
      }
    : { url: listUrl, method: 'POST', body };
}
