import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { documentCommonAnswers, markOptionalBodies } from './openapi-answers.ts';

/** OpenAPI 3 built from the routes' zod schemas: JSON at /api/openapi.json, UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  documentCommonAnswers(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Healthcare portal API',
        description:
          'Patients, profiles, Premier membership and the voice assistant. Every route except health, config, the OpenAPI document, local sign-in and the payment webhook needs `Authorization: Bearer <ID token>`; errors are `{ message, code, fieldErrors? }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      markOptionalBodies(jsonSchemaTransformObject(document) as OpenAPIV3_1.Document),
  });
  // The portal's own CSP (helmet) covers the docs too: Swagger UI needs no inline script,
  // only one inline <style> element, so the docs pages alone may apply inline styles.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/docs')) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      void reply.header(
        'content-security-policy',
        csp.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
      );
    }
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { isPublic: true } }, () =>
    app.swagger(),
  );
}
