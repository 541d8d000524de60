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
  // A file upload is multipart: its body stays unread here, the route reads it.
  const isMultipart = request.headers.get('content-type')?.startsWith('multipart/') ?? false;
  const text = isMultipart ? '' : await request.clone().text();
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

/** The API's refusal with its code: the code is the message, as the screens show codes only. */
export const refuse = (code: string, status: number) => json({ message: code, code }, { status });

/** The shared schema's issues as the API sends them: the first message of each field. */
export function fieldErrorsOf(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
  return fieldErrors;
}

/** 400 VALIDATION_FAILED with `fieldErrors`, its message the first field's unless given. */
export function invalid(
  error: { issues: { path: PropertyKey[]; message: string }[] },
  message?: string,
): Response {
  const fieldErrors = fieldErrorsOf(error);
  return json(
    { message: message ?? Object.values(fieldErrors)[0], code: 'VALIDATION_FAILED', fieldErrors },
    { status: 400 },
  );
}

/**
 * Ids and times for one fake's items, from one counter: each id is new (a UUID whose last
 * group counts, under the fake's own prefix, so the fakes' ids never meet) and each time is a
 * millisecond after `epoch` later than the last one handed out.
 */
export function fakeSequence(prefix: string, epoch: string) {
  let count = 0;
  const start = Date.parse(epoch);
  const nextId = () => `${prefix}-0000-4000-8000-${(count += 1).toString(16).padStart(12, '0')}`;
  const nextTime = () => new Date(start + (count += 1)).toISOString();
  /** What the API adds to a patient's new record: its id, the patient, the times. */
  const newRecord = (patientId: string) => ({
    _id: nextId(),
    patientId,
    createdAt: nextTime(),
    updatedAt: nextTime(),
  });
  return { nextId, nextTime, newRecord };
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
