import http from 'node:http';
import { ERRORS } from '@portal/shared/errors';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** Fastify's defaults, which it applies only to servers it creates itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The HTTP server, listening before the database is reached and migrated: until the app is
 * attached it answers every request 503 (`/api/health/ready` with `{ status: 'starting' }`), so
 * a load balancer sees an instance that is starting, not one that refuses connections. Fastify
 * then takes it over through `serverFactory` and serves on the same socket.
 */
export function createEarlyServer() {
  let handle: Handler = answerStarting;
  let attachable: Handler | undefined;
  const server = http.createServer((request, response) => handle(request, response));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return {
    server,
    listen(port: number, host: string): Promise<void> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    /** Fastify's `serverFactory`: keeps the handler for `attach`, answers with this server. */
    serverFactory(handler: Handler): http.Server {
      attachable = handler;
      return server;
    },
    /** From now on the app answers (call once it is ready). */
    attach(): void {
      if (!attachable) throw new Error('the app was not built with this serverFactory');
      handle = attachable;
    },
  };
}

function answerStarting(request: http.IncomingMessage, response: http.ServerResponse): void {
  const isReadiness = request.url?.split('?')[0] === '/api/health/ready';
  const body = isReadiness
    ? { status: 'starting' }
    : { message: ERRORS.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' };
  // The request body is not read: the connection closes after the answer.
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'retry-after': '1',
    connection: 'close',
  });
  response.end(JSON.stringify(body));
}
