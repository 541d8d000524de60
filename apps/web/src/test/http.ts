import { http, HttpResponse, type HttpHandler } from 'msw';

/** A request as the fake API saw it: what tests assert about the calls a screen made. */
export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export async function recordedOf(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    method: request.method,
    path: url.pathname,
    search: url.searchParams,
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return HttpResponse.json(body as never, init);
}

/** An in-memory fake of part of the API: it answers every request of its routes itself. */
export interface FakeRoutesOwner {
  handle(request: RecordedRequest): Response;
}

/** msw handlers that hand each request of `routes` (method, path) to `fake`, as it was sent. */
export function routesTo(
  fake: FakeRoutesOwner,
  routes: readonly [method: 'get' | 'post' | 'put' | 'all', path: string][],
): HttpHandler[] {
  const answer = async ({ request }: { request: Request }) =>
    fake.handle(await recordedOf(request));
  return routes.map(([method, path]) => http[method](path, answer));
}
