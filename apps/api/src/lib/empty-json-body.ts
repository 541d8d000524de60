import type { FastifyInstance } from 'fastify';

/**
 * In the calling (encapsulated) context, an empty body with `Content-Type: application/json`
 * counts as no body: the web app's base query sends that header on DELETE, restore and
 * `PUT /user/subscription` too. Any other body is parsed by Fastify's JSON parser as usual.
 */
export function allowEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
