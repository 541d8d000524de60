import type { LightMyRequestResponse } from 'fastify';

/** The next page's path from a list answer's `Link` header; undefined on the last page. */
export function nextPageOf(response: LightMyRequestResponse): string | undefined {
  return /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1];
}
