import { HttpResponse } from 'msw';

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
