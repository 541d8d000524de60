import type { JsonSchema } from './json-schema.ts';

/** One path + method of the OpenAPI document, reduced to what the fuzzer needs. */
export interface Operation {
  method: string;
  /** OpenAPI form: `/api/records/patients/{id}`. */
  path: string;
  label: string;
  isPublic: boolean;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; isRequired: boolean }>;
  body?: JsonSchema;
  /** Declared answers: status → JSON schema of the body (null: not JSON or no body). */
  responses: Map<number, JsonSchema | null>;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * Every path + method of the document, ordered by label rather than as the document lists them:
 * the same seed then draws the same requests however the routes happen to be registered.
 */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const responses = new Map<number, JsonSchema | null>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        responses.set(Number(status), response.content?.['application/json']?.schema ?? null);
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map(({ name, schema }) => ({ name, schema })),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, schema, required }) => ({ name, schema, isRequired: required === true })),
        body: operation.requestBody?.content['application/json']?.schema,
        responses,
      });
    }
  }
  return operations.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
