import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ZApiError } from '../lib/api-error-schema.ts';

/**
 * Answers routes give without declaring them, added to each route's schema as it is registered
 * so that OpenAPI shows them: 401 on every route that needs a token, 429 on every rate-limited
 * one (every route that needs a token counts against the user's budget,
 * USER_RATE_LIMIT_PER_MINUTE). Register before the routes.
 */
export function documentCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const { schema } = route;
    if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
    const needsToken = !route.config?.isPublic && !route.url.startsWith('/api/docs');
    const isLimited = needsToken || Boolean(route.config?.rateLimit);
    if (!needsToken && !isLimited) return;
    const response: Record<string, unknown> = { ...(schema.response as object | undefined) };
    if (needsToken)
      response[401] ??= ZApiError.describe('not authenticated: no, or no valid, bearer token');
    if (isLimited)
      response[429] ??= ZApiError.describe('Too many requests; `Retry-After` says when to retry');
    schema.response = response;
  });
}

/**
 * @fastify/swagger marks every request body required; a body whose schema also accepts null
 * (`PUT /user/subscription`) may be left out.
 */
export function markOptionalBodies(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const path of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(path ?? {})) {
      const body = (operation as OpenAPIV3_1.OperationObject).requestBody as
        OpenAPIV3_1.RequestBodyObject | undefined;
      const schema = body?.content?.['application/json']?.schema as
        OpenAPIV3_1.SchemaObject | undefined;
      if (body && schema?.anyOf?.some((option) => 'type' in option && option.type === 'null'))
        body.required = false;
    }
  }
  return document;
}
