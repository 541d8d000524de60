import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import {
  ZAppointment,
  ZAppointmentDeclineInput,
  ZAppointmentInput,
  ZCalendarFeed,
  ZFreeSlots,
} from '@portal/shared/appointment';
import { ZAuditEvent } from '@portal/shared/audit';
import {
  ZCheckoutInput,
  ZCheckoutSession,
  ZPaymentIntent,
  ZSubscriptionInput,
} from '@portal/shared/billing';
import { ZPatient, ZPatientCreated, ZPatientInput } from '@portal/shared/patient';
import { ZPracticeInput } from '@portal/shared/practice';
import { ZProfileInput, ZScheduleInput, ZSignInInput } from '@portal/shared/profile';
import { ZPublicConfig } from '@portal/shared/public-config';
import { ZSearchResults } from '@portal/shared/search';
import { ZUserResponse } from '@portal/shared/user';
import { ZConnectVoiceInput, ZConnectVoiceResponse } from '@portal/shared/voice';
import { collectionAnswers, collectionBodies } from './collection-schemas.ts';
import { validateJson, type JsonSchema } from './json-schema.ts';
import { KIND_BODIES, KIND_ERROR_FIELDS, KIND_RESPONSES } from './kinds.ts';
import { INVALID_AUTH } from './auth-values.ts';
import type { FuzzRequest } from './requests.ts';
import { TIMELINE_RESPONSES } from './timeline.ts';
import { VISIT_ZOD_BODIES, VISIT_ZOD_RESPONSES } from './visits.ts';
import { REMINDER_ZOD_RESPONSES } from './reminders.ts';
import { PATIENT_ACCESS_ZOD_BODIES, PATIENT_ACCESS_ZOD_RESPONSES } from './patient-access.ts';
import { DIRECTORY_ZOD_BODIES, DIRECTORY_ZOD_RESPONSES } from './directory.ts';
import { MEDICINE_ZOD_RESPONSES } from './medicines.ts';
import { VIDEO_ZOD_BODIES, VIDEO_ZOD_RESPONSES } from './video.ts';

/** The one error body of the API, as an independent JSON schema. */
export const API_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', minLength: 1 },
    code: { type: 'string', pattern: '^[A-Z_]+$' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
    // APPOINTMENT_CONFLICT names the clashing appointment (ZAppointmentConflict).
    conflict: { type: 'object' },
    // CANCELLATION_TOO_LATE names the practice's phone to call instead (null when unknown).
    phone: { type: ['string', 'null'] },
    // VIDEO_NOT_OPEN says why, and when the call opens and closes (ZVideoNotOpen).
    reason: { type: 'string' },
    opensAt: { type: 'string' },
    closesAt: { type: 'string' },
    ...KIND_ERROR_FIELDS,
  },
  required: ['message', 'code'],
  additionalProperties: false,
};

/** The shared zod schemas of the answers, a second opinion beside the OpenAPI document. */
const ZOD_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  'GET /api/config': { 200: ZPublicConfig },
  'POST /api/auth/login': { 200: ZUserResponse },
  'GET /api/user/profile': { 200: ZUserResponse },
  'PUT /api/user/update-profile': { 200: ZUserResponse },
  'PUT /api/user/practice': { 200: ZUserResponse },
  'PUT /api/user/schedule': { 200: ZUserResponse },
  'PUT /api/user/subscription': { 200: ZUserResponse },
  ...collectionAnswers('/api/records/patients', '{id}', ZPatient, ZPatientCreated),
  'POST /api/records/patients/{id}/restore': { 200: ZPatient },
  'GET /api/records/audit': { 200: z.array(ZAuditEvent) },
  ...collectionAnswers('/api/appointments', '{id}', ZAppointment),
  'GET /api/appointments/free-slots': { 200: ZFreeSlots },
  'POST /api/appointments/{id}/cancel': { 200: ZAppointment },
  'GET /api/appointments/requests': { 200: z.array(ZAppointment) },
  'POST /api/appointments/{id}/confirm': { 200: ZAppointment },
  'POST /api/appointments/{id}/decline': { 200: ZAppointment },
  'POST /api/calendar-feed': { 200: ZCalendarFeed },
  'POST /api/retellai/connect-retellai': { 200: ZConnectVoiceResponse },
  'POST /api/premier/create-checkout-session': { 200: ZCheckoutSession },
  'POST /api/premier/create-payment-intent': { 200: ZPaymentIntent },
  'GET /api/premier/search': { 200: ZSearchResults },
  ...VISIT_ZOD_RESPONSES,
  ...KIND_RESPONSES,
  ...TIMELINE_RESPONSES,
  ...REMINDER_ZOD_RESPONSES,
  ...PATIENT_ACCESS_ZOD_RESPONSES,
  ...DIRECTORY_ZOD_RESPONSES,
  ...MEDICINE_ZOD_RESPONSES,
  ...VIDEO_ZOD_RESPONSES,
};

/** The shared zod schemas of the request bodies: the API must agree with them exactly. */
export const ZOD_BODIES: Record<string, z.ZodType> = {
  'PUT /api/user/update-profile': ZProfileInput,
  'PUT /api/user/practice': ZPracticeInput,
  'PUT /api/user/schedule': ZScheduleInput,
  'POST /api/auth/login': ZSignInInput.nullish(),
  ...collectionBodies('/api/records/patients', '{id}', ZPatientInput),
  ...collectionBodies('/api/appointments', '{id}', ZAppointmentInput),
  // No body declines without a message.
  'POST /api/appointments/{id}/decline': ZAppointmentDeclineInput.nullish(),
  'POST /api/retellai/connect-retellai': ZConnectVoiceInput,
  'POST /api/premier/create-checkout-session': ZCheckoutInput,
  'POST /api/premier/create-payment-intent': ZCheckoutInput,
  'PUT /api/user/subscription': ZSubscriptionInput,
  ...VISIT_ZOD_BODIES,
  ...KIND_BODIES,
  ...PATIENT_ACCESS_ZOD_BODIES,
  ...DIRECTORY_ZOD_BODIES,
  ...VIDEO_ZOD_BODIES,
};

/** Non-JSON answers: the content type each documented route must use for its 2xx. */
const CONTENT_TYPES: Record<string, RegExp> = {
  'GET /api/dev-auth/popup': /^text\/html/,
  'GET /api/dev-auth/popup.js': /^text\/javascript/,
  'GET /api/dev-auth/popup.css': /^text\/css/,
  'GET /api/premier/local-checkout/{id}': /^text\/html/,
  'GET /api/records/patients/export': /^(application\/fhir\+json|text\/csv)/,
  'GET /api/me/patients/{patientId}/record': /^application\/fhir\+json/,
  'DELETE /api/records/patients/{id}': /^$/,
  'DELETE /api/calendar-feed': /^$/,
  'DELETE /api/records/patients/{id}/access': /^$/,
  'DELETE /api/me/links/{id}': /^$/,
  'DELETE /api/facilities/{id}': /^$/,
  'DELETE /api/facilities/{id}/staff/{staffId}': /^$/,
  'GET /api/calendar/{file}': /^text\/calendar/,
  'GET /api/messages/threads/{id}/attachments/{attachmentId}':
    /^(application\/pdf|image\/(jpeg|png))$/,
  'POST /api/appointments/{id}/video/signal': /^$/,
};

const STATUS_CODES: Record<number, string> = {
  401: 'NOT_AUTHENTICATED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Routes whose body limit is below the server's 256 KiB (a larger body is a 413 first). */
const BODY_LIMITS: Record<string, number> = {
  'POST /api/appointments/{id}/video/signal': 64 * 1024,
};

/** Routes that answer a 413 or 415 with a code of their own, about the file they were sent. */
const OWN_REFUSALS: Record<string, Record<number, string[]>> = {
  'POST /api/messages/threads/{id}/attachments': {
    413: ['ATTACHMENT_TOO_LARGE', 'ATTACHMENT_QUOTA_EXCEEDED'],
    415: ['ATTACHMENT_TYPE_NOT_ALLOWED'],
  },
};

/**
 * Public routes that a signature authenticates instead of a token (a refused signature is a
 * 401): their 401 carries the signature's own code, and it is the only 401 they may answer.
 */
const SIGNATURE_REFUSALS: Record<string, string> = {
  'POST /api/retellai/functions': 'VOICE_SIGNATURE_INVALID',
  'POST /api/retellai/webhook': 'VOICE_SIGNATURE_INVALID',
};

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function checkExport(response: LightMyRequestResponse): string[] {
  const type = String(response.headers['content-type']);
  if (type.startsWith('text/csv')) {
    return response.body.startsWith('name,') || response.body.split('\r\n')[0]!.includes(',')
      ? []
      : ['the CSV export has no header row'];
  }
  const parsed = parseJson(response.body);
  if (!parsed.ok) return ['the FHIR export is not complete JSON'];
  const bundle = parsed.value as { resourceType?: string; type?: string; entry?: unknown };
  return bundle.resourceType === 'Bundle' &&
    bundle.type === 'collection' &&
    Array.isArray(bundle.entry ?? [])
    ? []
    : ['the FHIR export is not a collection Bundle'];
}

/** Headers every answer must carry, whatever happened. */
function checkHeaders(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const headers = response.headers;
  if (headers['x-content-type-options'] !== 'nosniff')
    problems.push('no X-Content-Type-Options: nosniff');
  if (!String(headers['content-security-policy'] ?? '').includes("object-src 'none'"))
    problems.push("no CSP with object-src 'none'");
  if (headers['x-powered-by'] !== undefined) problems.push('X-Powered-By is sent');
  if (headers['access-control-allow-origin'] !== undefined)
    problems.push('a CORS allow-origin is sent');
  if (!headers['x-request-id']) problems.push('no x-request-id');
  return problems;
}

/** Everything that must hold for one answer, whatever the request was. */
export function checkResponse(request: FuzzRequest, response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  const problems = checkHeaders(response);
  if (status >= 500) problems.push(`answered ${status}`);
  if (/\n\s+at |node_modules|\.ts:\d+/.test(response.body))
    problems.push('the body shows a stack trace');
  const operation = request.operation;
  const contentType = String(response.headers['content-type'] ?? '');
  const isJson = contentType.startsWith('application/json');
  const parsed = isJson ? parseJson(response.body) : undefined;
  if (isJson && !parsed?.ok && request.method !== 'HEAD')
    problems.push('a JSON content type with a body that is not JSON');

  if (status >= 400 && status < 500 && request.method !== 'HEAD') {
    const isHtmlCheckoutPage =
      request.url.startsWith('/api/premier/local-checkout/') && contentType.startsWith('text/html');
    if (!isHtmlCheckoutPage) {
      if (!parsed?.ok) problems.push(`a ${status} that is not a JSON error`);
      else {
        problems.push(...validateJson(API_ERROR_SCHEMA, parsed.value));
        const signatureCode = operation && SIGNATURE_REFUSALS[operation.label];
        const expected = status === 401 && signatureCode ? signatureCode : STATUS_CODES[status];
        const { code } = parsed.value as { code?: string };
        const isOwnRefusal =
          operation !== undefined &&
          code !== undefined &&
          OWN_REFUSALS[operation.label]?.[status]?.includes(code) === true;
        if (expected && code !== expected && !isOwnRefusal)
          problems.push(`${status} with code ${code}, expected ${expected}`);
      }
    }
    if (status === 429 && !/^\d+$/.test(String(response.headers['retry-after'] ?? '')))
      problems.push('429 without a Retry-After of whole seconds');
  }
  if (!operation) return problems;

  // Authentication comes first: a request without a valid token never gets further.
  if (
    !operation.isPublic &&
    request.isRoutable &&
    INVALID_AUTH.includes(request.auth) &&
    status !== 401
  )
    problems.push(`${request.auth} token answered ${status}, expected 401`);
  if (operation.isPublic && status === 401 && !SIGNATURE_REFUSALS[operation.label])
    problems.push('a public route answered 401');
  if (
    request.auth === 'unregistered' &&
    status < 300 &&
    operation.label !== 'POST /api/auth/login' &&
    !operation.isPublic
  )
    problems.push(`a token of a user who never signed in answered ${status}`);

  if (status >= 200 && status < 300) {
    if (!operation.responses.has(status)) problems.push(`undeclared status ${status}`);
    const schema = operation.responses.get(status);
    const expectedType = CONTENT_TYPES[operation.label];
    if (schema) {
      if (!parsed?.ok) problems.push(`a ${status} without a JSON body`);
      else {
        problems.push(
          ...validateJson(schema, parsed.value).map((problem) => `OpenAPI schema: ${problem}`),
        );
        const zodSchema = ZOD_RESPONSES[operation.label]?.[status];
        const result = zodSchema?.safeParse(parsed.value);
        if (result && !result.success)
          problems.push(
            `shared zod schema: ${result.error.issues[0]?.path.join('.')} ${result.error.issues[0]?.message}`,
          );
      }
    } else if (expectedType) {
      if (!expectedType.test(contentType))
        problems.push(`content type ${contentType} for a ${status}`);
      if (operation.label === 'GET /api/records/patients/export')
        problems.push(...checkExport(response));
      if (status === 204 && response.body !== '') problems.push('a 204 with a body');
    } else {
      problems.push(`no schema or content type known for ${status}`);
    }
  }

  // Validation must agree with the shared schema, in both directions.
  const bodySchema = ZOD_BODIES[operation.label];
  const body = request.body;
  const bodyLimit = BODY_LIMITS[operation.label] ?? 256 * 1024;
  const isWithinLimit = Buffer.byteLength(body?.payload ?? '') <= bodyLimit;
  if (
    bodySchema &&
    body?.json !== undefined &&
    body.contentType === 'application/json' &&
    isWithinLimit &&
    status !== 429
  ) {
    const isAccepted = bodySchema.safeParse(body.json).success;
    const code = parsed?.ok ? (parsed.value as { code?: string }).code : undefined;
    // A members-only route (it documents a 402) asks who is calling before it reads the body,
    // so that a non-member learns nothing from a 400 either (http/require-premium.ts): 402
    // to a non-member, 401 to a token whose user has no account (yet).
    const isGateRefusal =
      operation.responses.has(402) &&
      (code === 'PREMIUM_REQUIRED' ||
        (status === 401 && (request.auth === 'unregistered' || request.auth === 'fresh-identity')));
    if (
      !isAccepted &&
      request.isRoutable &&
      !INVALID_AUTH.includes(request.auth) &&
      !isGateRefusal &&
      code !== 'VALIDATION_FAILED'
    )
      problems.push(`the shared schema refuses the body, the API answered ${status} ${code ?? ''}`);
    if (isAccepted && request.isPathValid && request.isQueryValid && code === 'VALIDATION_FAILED')
      problems.push(
        `the shared schema accepts the body, the API refused it: ${response.body.slice(0, 200)}`,
      );
  }
  return problems;
}
