/**
 * The one table of API error codes. Services throw `new AppError('CODE')`; the API's error
 * handler turns the code into the status and message below; the web reads `message` and
 * `fieldErrors` from the JSON body `{ message, code, fieldErrors? }`.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request. Please check your input.' },
  BAD_REQUEST: { status: 400, message: 'Invalid request. Please check your input.' },
  NOT_AUTHENTICATED: { status: 401, message: 'not authenticated' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to access this resource.' },
  NOT_FOUND: { status: 404, message: 'The requested resource could not be found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'The requested resource could not be found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'There is a problem with the server. Please try again later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
  PATIENT_NOT_FOUND: { status: 404, message: 'The patient could not be found.' },
  PATIENT_CHANGED: {
    status: 409,
    message:
      'This patient was changed after you opened it. Reload to see the latest details, then make your changes again.',
  },
  INVALID_CURSOR: {
    status: 400,
    message: 'This page link is no longer valid. Start again from the first page.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof ERRORS;

export interface TApiError {
  message: string;
  code: string;
  fieldErrors?: Record<string, string>;
}
