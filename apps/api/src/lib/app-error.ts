import { ERRORS, type TErrorCode } from '@portal/shared/errors';

/** An expected failure with a code from the shared table; the error handler renders it. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** More of the answer's body beside `message` and `code`, e.g. an appointment conflict's. */
  readonly details?: Record<string, unknown>;

  constructor(
    code: TErrorCode,
    options: {
      message?: string;
      fieldErrors?: Record<string, string>;
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
    this.details = options.details;
  }
}
