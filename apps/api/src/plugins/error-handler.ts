import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type TApiError, type TErrorCode } from '@portal/shared/errors';
import { AppError } from '../lib/app-error.ts';

/** Fastify's own error codes that are the client's fault, mapped onto the shared table. */
const FASTIFY_CODES: Record<string, TErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
};

/**
 * The one place that turns a thrown value into `{ message, code, fieldErrors? }`.
 * 5xx answers never carry internals; they are logged with the request id instead.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = toApiError(error);
    const status = error instanceof AppError ? error.status : statusOf(error, body.code);
    // The logger's `err` serializer (lib/loggable-error.ts) keeps values out of the line.
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    return reply.code(status).send(body);
  });
}

export function errorBody(code: TErrorCode, message?: string): TApiError {
  return { message: message ?? ERRORS[code].message, code };
}

function toApiError(error: FastifyError | AppError): TApiError {
  if (error instanceof AppError) {
    return {
      ...error.details,
      message: error.message,
      code: error.code,
      ...(error.fieldErrors && { fieldErrors: error.fieldErrors }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.validation) {
      const { keys } = issue.params as { keys?: string[] };
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      if (issue.keyword === 'unrecognized_keys' && keys) {
        for (const key of keys)
          fieldErrors[path ? `${path}.${key}` : key] ??= 'This field is not allowed.';
      } else {
        fieldErrors[path || '_'] ??= issue.message ?? ERRORS.VALIDATION_FAILED.message;
      }
    }
    const [first] = Object.values(fieldErrors);
    return {
      message: first ?? ERRORS.VALIDATION_FAILED.message,
      code: 'VALIDATION_FAILED',
      fieldErrors,
    };
  }
  // @fastify/rate-limit throws a plain { statusCode: 429 } object without a code.
  const code =
    (error.code && FASTIFY_CODES[error.code]) ||
    (error.statusCode === 429 ? 'RATE_LIMITED' : undefined);
  if (code)
    return errorBody(code, code === 'RATE_LIMITED' ? undefined : clientMessage(error, code));
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return errorBody('BAD_REQUEST');
  if (hasSqlState(error, UNSTORABLE_TEXT))
    return errorBody(
      'BAD_REQUEST',
      'The request contains a character that cannot be stored (such as U+0000).',
    );
  if (isStatementTimeout(error)) return errorBody('SERVICE_UNAVAILABLE');
  return errorBody('INTERNAL');
}

/** Fastify's messages for malformed bodies are safe and useful; keep them short. */
function clientMessage(error: FastifyError, code: TErrorCode): string {
  if (code === 'VALIDATION_FAILED' || code === 'BAD_REQUEST') {
    return error.message.length <= 200 ? error.message : ERRORS[code].message;
  }
  return ERRORS[code].message;
}

/**
 * Text PostgreSQL refuses to store: a NUL character (22021), or one the encoding lacks (22P05).
 * Bad input, not a server fault, whichever field carried it (the fuzz suite found one in the
 * profile's address).
 */
const UNSTORABLE_TEXT = ['22021', '22P05'];

/** Whether the error, or an error it wraps (drizzle wraps the driver's), has one of `codes`. */
function hasSqlState(error: unknown, codes: readonly string[]): boolean {
  for (let inner = error, depth = 0; inner && depth < 4; depth += 1) {
    if (codes.includes((inner as { code?: unknown }).code as string)) return true;
    inner = (inner as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL cancelled the statement (`statement_timeout`, DB_STATEMENT_TIMEOUT_MS): 57014. */
function isStatementTimeout(error: unknown): boolean {
  return hasSqlState(error, ['57014']);
}

function statusOf(error: FastifyError, code: string): number {
  if (hasSqlState(error, UNSTORABLE_TEXT)) return 400;
  if (code in ERRORS) {
    const known = ERRORS[code as TErrorCode].status;
    if (code !== 'INTERNAL' && code !== 'BAD_REQUEST') return known;
  }
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}
