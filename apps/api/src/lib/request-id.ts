import type { FastifyRequest } from 'fastify';

/** Short and plain, so it cannot forge or break a log line. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The client's own `x-request-id`, when it is short and plain. The server never keys anything
 * it keeps on it (the request id of logs and audit rows is the server's own `request.id`, so a
 * client can neither forge nor collide one); it is logged beside the server's id, and lets a
 * retried checkout reuse its payment provider's idempotency key (scoped to the user).
 */
export function clientRequestIdOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && CLIENT_REQUEST_ID.test(incoming) ? incoming : undefined;
}
