import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Path parameters that are a credential (a calendar feed's secret), each with what the log
     * writes in its place: the address itself is all a reader needs.
     */
    secretParams?: Record<string, string>;
  }
}

/**
 * The path a log line shows, without the query (it can carry search terms, patient names or
 * misplaced tokens). A route with `secretParams` is written as its own pattern with those
 * parameters masked, whatever escapes or spelling the client used (`/%61pi/...` reaches the same
 * route, and a pattern over the raw URL would miss it).
 */
export function loggedPath(request: FastifyRequest): string {
  const { url: pattern, config } = request.routeOptions;
  const path = request.url.split('?')[0]!;
  // No route matched (a 404 from the router): nothing says which segment is a credential, and a
  // mistyped feed address (a trailing slash, an extra segment) still carries its secret. Ids and
  // secrets are long; the words of a real path are short.
  if (!pattern) return secretPage(path) ?? path.replace(/[^/]{20,}/g, '[…]');
  const masks = config.secretParams;
  if (!masks) return path;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return pattern.replace(
    /:(\w+)/g,
    (_match, name: string) => masks[name] ?? encodeURIComponent(params[name] ?? ''),
  );
}

/** The web's pages whose address holds a credential, by their first segment, as the log writes them. */
const SECRET_PAGES = new Map(
  Object.entries({
    // Accepting an invitation: the invitation's code, which a short or mistyped one would not
    // hide among the long segments.
    join: '/join/[code]',
    // Verifying a prescription: its token.
    verify: '/verify/[token]',
  }),
);

/** The logged form of a web page whose address holds a credential; undefined for any other. */
function secretPage(path: string): string | undefined {
  const first = path.split('/')[1] ?? '';
  try {
    return SECRET_PAGES.get(decodeURIComponent(first).toLowerCase());
  } catch {
    return undefined;
  }
}

/**
 * One log line per request, when it is answered: method, path, status, time and request id
 * (with the error, if any). Fastify's default writes two, incoming and completed; request
 * logging was 15% of the API's CPU under load.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
